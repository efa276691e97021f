/** Saves a text as a file of the person's downloads (a link to an object URL, clicked, then let go). */
export function downloadJson(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is let go a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
