import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeHref, saveFile, saveLink, SAVED_URL_LIFETIME_MS } from './save-file.ts';

/** A document that records the links clicked (the unit tests have no DOM). */
function fakeDocument() {
  const clicked: { href: string; download: string; attached: boolean }[] = [];
  const attached = new Set<object>();
  const link = () => {
    const element = {
      href: '',
      download: '',
      rel: '',
      style: { display: '' },
      click: () => clicked.push({ href: element.href, download: element.download, attached: attached.has(element) }),
      remove: () => attached.delete(element),
    };
    return element;
  };
  vi.stubGlobal('document', {
    createElement: link,
    body: { appendChild: (element: object) => attached.add(element) },
  });
  return { clicked, attached };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('saving a file', () => {
  it('clicks a hidden link to an object URL of the content and lets the URL go after its lifetime', async () => {
    vi.useFakeTimers();
    const page = fakeDocument();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:console/1');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    saveFile('{"a":1}', 'template.json', 'application/json');
    const blob = created.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('application/json');
    expect(await blob.text()).toBe('{"a":1}');
    expect(page.clicked).toEqual([{ href: 'blob:console/1', download: 'template.json', attached: true }]);
    expect(page.attached.size).toBe(0);
    vi.advanceTimersByTime(SAVED_URL_LIFETIME_MS - 1);
    expect(revoked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoked).toHaveBeenCalledWith('blob:console/1');
  });

  it('follows a file store link only when it is http(s)', () => {
    const page = fakeDocument();
    saveLink('https://files.example.com/download/fs-1?sig=x', 'plan.pdf');
    saveLink('javascript:alert(1)', 'evil.pdf');
    expect(page.clicked).toEqual([
      { href: 'https://files.example.com/download/fs-1?sig=x', download: 'plan.pdf', attached: true },
    ]);
  });
});

describe('download links', () => {
  it('are followed only when they are http(s)', () => {
    const base = 'https://console.example.com/Help/List';
    expect(safeHref('https://files.example.com/download/fs-1?sig=x', base)).toBe(
      'https://files.example.com/download/fs-1?sig=x',
    );
    expect(safeHref('/files/download/fs-1', base)).toBe('https://console.example.com/files/download/fs-1');
    expect(safeHref('javascript:alert(1)', base)).toBeUndefined();
    expect(safeHref('data:text/html,<b>x</b>', base)).toBeUndefined();
    expect(safeHref('http://[broken', base)).toBeUndefined();
  });
});
