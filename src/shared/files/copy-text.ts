/**
 * Copies a text to the clipboard; false when the browser refuses (no permission, not a secure page, no clipboard),
 * so the page can say so instead of pretending.
 */
export async function copyText(
  text: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard,
): Promise<boolean> {
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
