/**
 * Where a photo of a dealership request loads from (the contract's `PhotoLink`): spec 1 §7 says photos load from "a
 * server host plus a relative path", so the server answers a path relative to the photo host (`PhotoPath`), which the
 * console appends to `photoBaseUrl` of its runtime configuration; an absolute `http(s)` link is shown as it is. Both
 * rules are the contract's patterns. Anything else (another scheme such as `javascript:`, a protocol-relative
 * `//host`, `..`, an encoded traversal) is refused and never reaches an `<img>` or a link.
 */
import { PhotoLinkSchema, PhotoPathSchema } from '@generated/api/schemas.gen.ts';

const RELATIVE = new RegExp(PhotoPathSchema.pattern);
const ABSOLUTE = new RegExp(PhotoLinkSchema.anyOf[1].pattern, 'i');

/** What the viewer shows for a link: the image at `url`, or why it cannot. */
export type PhotoSource =
  | { kind: 'image'; url: string }
  /** A relative path, and the configuration names no photo host. */
  | { kind: 'noHost' }
  /** Neither an http(s) link nor a path the contract allows. */
  | { kind: 'refused' };

const REFUSED: PhotoSource = { kind: 'refused' };

/**
 * The address a photo link loads from. `photoBaseUrl` is the configured photo host (an http(s) URL or a path on the
 * console's host, `consoleOrigin`); a relative path is appended to it with one `/` between them, whether or not the
 * path starts with one, and must stay below it.
 */
export function photoSource(link: string, photoBaseUrl: string | undefined, consoleOrigin: string): PhotoSource {
  if (ABSOLUTE.test(link)) {
    try {
      const url = new URL(link);
      const web = url.protocol === 'http:' || url.protocol === 'https:';
      return web && !url.username && !url.password ? { kind: 'image', url: url.href } : REFUSED;
    } catch {
      return REFUSED;
    }
  }
  if (!RELATIVE.test(link)) return REFUSED;
  if (!photoBaseUrl) return { kind: 'noHost' };
  try {
    const base = new URL(photoBaseUrl.endsWith('/') ? photoBaseUrl : `${photoBaseUrl}/`, consoleOrigin);
    const url = new URL(link.replace(/^\//, ''), base);
    // The contract's pattern already keeps the path below the host; the resolved address is checked all the same.
    const below = url.origin === base.origin && url.pathname.startsWith(base.pathname);
    return below ? { kind: 'image', url: url.href } : REFUSED;
  } catch {
    return REFUSED;
  }
}
