/** Following a download link of the file store, which is server text: only http(s) links are ever used. */

/** The link as an absolute http(s) URL, or undefined for anything else (`javascript:`, `data:` …). */
export function safeHref(
  href: string,
  base: string = globalThis.location?.href ?? 'http://localhost/',
): string | undefined {
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Saves what a link answers under the file's name (the store sends it as an attachment). */
export function saveLink(href: string, name: string): void {
  const url = safeHref(href);
  if (!url) return;
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
