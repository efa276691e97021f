/**
 * Saving a file to the person's downloads, the one way the console does it: a hidden link with `download`, clicked,
 * then removed. A file made in the browser (a table's or a report's Excel file, a settings template) is handed over
 * as an object URL, let go `SAVED_URL_LIFETIME_MS` later (some browsers read the URL after the click returns); a file
 * of the file store is followed by its link, which is server text, so only http(s) links are ever used.
 */

/** How long an object URL of a saved file lives after its click. */
export const SAVED_URL_LIFETIME_MS = 10_000;

function clickDownload(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves bytes or text made in the browser as a file of the given type. */
export function saveFile(content: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  clickDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), SAVED_URL_LIFETIME_MS);
}

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

/** Saves what a link answers under the file's name (the store sends it as an attachment); not an http(s) link: nothing. */
export function saveLink(href: string, name: string): void {
  const url = safeHref(href);
  if (url) clickDownload(url, name);
}
