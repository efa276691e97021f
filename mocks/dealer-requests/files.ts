/**
 * The dealership requests' files on the mock's photo host: every request's tax plate and logo are served at
 * `<prefix>/__mock-files/dealer-requests/<id>/<name>` (outside the contract; `/__mock/` is the controls' path:
 * photo-host.ts), with the type of their content, `nosniff`, and as an attachment when not an image. The links of the
 * answers take the form of the contract's example for that request (`PhotoLink`): a path relative to the photo host
 * (`dealer-requests/42/logo.png?…`, requests 42 and 44 and every new application, as the spec's server answers), which
 * the console appends to its `photoBaseUrl`, or an absolute link through the caller's origin (requests 41 and 43; the
 * console's own host, so its `img-src 'self'` policy loads them).
 * A tax plate is personal data and an `<img>` carries no bearer token, so a link is signed by the mock as the file
 * store signs its downloads (`?expires=&sig=`, HMAC with a key that never leaves the process, valid for
 * DEALER_FILE_LINK_SECONDS): only an administrator who was just answered the list can open it; a file asked for
 * without a valid signature answers 401 (none) or 403 (wrong or expired), before anything says whether it exists.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, originOf, type AreaRequest } from '../area.ts';
import { servedHeaders } from '../dealer-files.ts';
import { LinkSigner } from '../file-access.ts';
import { MOCK_PHOTO_PATH } from '../photo-host.ts';
import type { FileLink, StoredFile } from './store.ts';

/** Where the area serves the requests' files, below the API prefix (on the mock's photo host). */
export const DEALER_FILES_PATH = `${MOCK_PHOTO_PATH}dealer-requests/`;
/** How long a signed link to a request's file stays valid: the request list page's lifetime, about. */
export const DEALER_FILE_LINK_SECONDS = 3600;
const API_PREFIX = '/api';

/** The origin the caller reached the mock through: the console's own host when it came through its proxy. */
const callerOrigin = (req: IncomingMessage | undefined): string | undefined =>
  originOf(req) ?? (req?.headers.host ? `http://${req.headers.host}` : undefined);

/** The signed links to the requests' files, and the files served through them. */
export class DealerFiles {
  private readonly signer = new LinkSigner();
  private readonly origins = new WeakMap<AreaRequest, string>();

  /** Notes the origin a request came through (an absolute link of its answer goes through it). */
  noteOrigin(request: AreaRequest, res: ServerResponse): void {
    const origin = callerOrigin((res as ServerResponse & { req?: IncomingMessage }).req);
    if (origin) this.origins.set(request, origin);
  }

  /** A signed link to a stored file for the answer to `request`: through its origin, or relative to the photo host. */
  linkFor =
    (request: AreaRequest): FileLink =>
    (name, absolute) => {
      const signed = this.signer.sign(`${DEALER_FILES_PATH}${name}`, DEALER_FILE_LINK_SECONDS);
      return absolute
        ? `${this.origins.get(request) ?? 'http://127.0.0.1'}${API_PREFIX}${signed}`
        : signed.slice(MOCK_PHOTO_PATH.length);
    };

  /** Answers a GET of a file below DEALER_FILES_PATH (true), or leaves any other request alone (false). */
  serve(
    method: string,
    pathname: string,
    request: AreaRequest,
    res: ServerResponse,
    fileOf: (name: string) => StoredFile | undefined,
  ): boolean {
    const filesAt = pathname.indexOf(DEALER_FILES_PATH);
    if (method !== 'GET' || filesAt < 0) return false;
    const name = pathname.slice(filesAt + DEALER_FILES_PATH.length);
    const signature = this.signer.verify(`${DEALER_FILES_PATH}${name}`, request.query);
    if (signature !== 'valid') {
      const status = signature === 'missing' ? 401 : 403;
      const message = signature === 'missing' ? 'A link signed by the server is needed' : `The link is ${signature}`;
      res.writeHead(status, { 'content-type': 'application/json' }).end(json({ message }));
      return true;
    }
    const file = fileOf(decodeURIComponent(name));
    if (!file) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(json({ message: 'No such file' }));
    } else {
      res.writeHead(200, servedHeaders(file.data)).end(file.data);
    }
    return true;
  }
}
