import { describe, expect, it } from 'vitest';
import { PhotoLinkSchema } from '@generated/api/schemas.gen.ts';
import { photoSource } from './photo-link.ts';

const CONSOLE = 'https://console.example.com';
const HOST = 'https://photos.example.com/uploads/';

describe('where a dealership photo loads from', () => {
  it('appends a relative path to the photo host, with one slash between them', () => {
    const image = (url: string) => ({ kind: 'image', url });
    expect(photoSource('dealer-requests/42/logo.png', HOST, CONSOLE)).toEqual(
      image('https://photos.example.com/uploads/dealer-requests/42/logo.png'),
    );
    expect(photoSource('/dealer-requests/42/logo.png', 'https://photos.example.com/uploads', CONSOLE)).toEqual(
      image('https://photos.example.com/uploads/dealer-requests/42/logo.png'),
    );
    // A signed link keeps its query.
    expect(photoSource('dealer-requests/42/plate.jpg?expires=1795222800&sig=dGF4LXBs_-', HOST, CONSOLE)).toEqual(
      image('https://photos.example.com/uploads/dealer-requests/42/plate.jpg?expires=1795222800&sig=dGF4LXBs_-'),
    );
    // A photo host on the console's own origin.
    expect(photoSource('dealer-requests/42/logo.png', '/api/__mock-files/', CONSOLE)).toEqual(
      image('https://console.example.com/api/__mock-files/dealer-requests/42/logo.png'),
    );
  });

  it('shows an absolute http(s) link as it is', () => {
    const link = 'https://files.example.com/dealer-requests/41/logo.png?expires=1&sig=x';
    expect(photoSource(link, HOST, CONSOLE)).toEqual({ kind: 'image', url: link });
    expect(photoSource(link, undefined, CONSOLE)).toEqual({ kind: 'image', url: link });
    expect(photoSource('http://127.0.0.1:4010/api/x.png', undefined, CONSOLE)).toEqual({
      kind: 'image',
      url: 'http://127.0.0.1:4010/api/x.png',
    });
  });

  it("shows every example link of the contract's PhotoLink", () => {
    for (const link of PhotoLinkSchema.examples) expect(photoSource(link, HOST, CONSOLE).kind).toBe('image');
  });

  it('says a relative path cannot be shown without a photo host', () => {
    expect(photoSource('dealer-requests/42/logo.png', undefined, CONSOLE)).toEqual({ kind: 'noHost' });
    expect(photoSource('dealer-requests/42/logo.png', '', CONSOLE)).toEqual({ kind: 'noHost' });
  });

  it.each([
    ['a script', 'javascript:alert(1)'],
    ['a script in capitals', 'JaVaScRiPt:alert(1)'],
    ['a data URL', 'data:image/png;base64,AAAA'],
    ['another scheme', 'ftp://photos.example.com/x.png'],
    ['a protocol-relative link to another host', '//evil.example.com/x.png'],
    ['a backslash host', '/\\evil.example.com/x.png'],
    ['a parent folder', '../secrets/x.png'],
    ['a parent folder inside', 'dealer-requests/../../x.png'],
    ['an encoded parent folder', 'dealer-requests/%2e%2e/x.png'],
    ['an encoded slash', 'dealer-requests%2F..%2Fx.png'],
    ['an encoded backslash', 'dealer-requests%5cx.png'],
    ['a fragment', 'dealer-requests/42/logo.png#x'],
    ['a space', 'dealer requests/42/logo.png'],
    ['credentials in a link', 'https://user:secret@photos.example.com/x.png'],
    ['nothing', ''],
  ])('refuses %s', (_what, link) => {
    expect(photoSource(link, HOST, CONSOLE)).toEqual({ kind: 'refused' });
    expect(photoSource(link, undefined, CONSOLE)).toEqual({ kind: 'refused' });
  });
});
