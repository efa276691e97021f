/**
 * The cloud file store of the help and firmware documents (openapi/paths/documents.yaml), served by the front under
 * the console's file store prefix (`/files`) from a small real file tree held in memory, so the document browsers
 * work on `npm start`:
 *  - `GET <prefix>/resources?path=` lists a folder (`DocumentList`, entries under `_embedded.items`, folders first);
 *  - `GET <prefix>/resources/download?path=` answers a link to a file (`DocumentDownloadLink`, as the contract says):
 *    a link the store signed (`?expires=&sig=`, valid for a few minutes, only for that file);
 *  - `GET <prefix>/download/<resource_id>?expires=&sig=` (where the links point) answers the file's bytes as an
 *    attachment.
 * Every request under the prefix first passes the store's access check (mocks/file-access.ts: a session, the firmware
 * folder for administrators, no `..`, a known route, a valid signature on a download link), and the same check answers
 * the proposed API call `GET <api>/file-access` that a reverse proxy asks in production (nginx `auth_request`).
 * The tree is mocks/file-tree.ts's. A missing `path`
 * answers 400 and an unknown one 404, with the store's error body (`DocumentStoreError`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Contract } from '../contract.ts';
import {
  checkFileAccess,
  FILE_STORE_PREFIX,
  METHOD_REFUSED,
  STORE_METHODS,
  folderLevels,
  LinkSigner,
  storeRoute,
  type FileAccessDecision,
} from '../file-access.ts';
import { originOf, type MockArea } from '../area.ts';
import { defineArea } from '../define-area.ts';
import { allFiles, exampleTree, findEntry, type StoreEntry } from '../file-tree.ts';

const storeError = (res: ServerResponse, status: number, error: string, description: string, message: string) =>
  void res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error, description, message }));
const notFound = (res: ServerResponse) => storeError(res, 404, 'NotFound', 'Resource not found.', 'Kaynak bulunamadı');
const sendJson = (res: ServerResponse, body: unknown) =>
  void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** The origin the console called from (Origin, else Referer, else the Host it reached), for absolute links. */
const requestOrigin = (req: IncomingMessage | undefined): string =>
  originOf(req) ?? `http://${req?.headers.host ?? '127.0.0.1'}`;

/** Where a file's bytes are served, signed (the answer of the download call and each item's `file`). */
const contentUrl = (origin: string, signer: LinkSigner, entry: StoreEntry) =>
  `${origin}${signer.sign(`${FILE_STORE_PREFIX}/download/${entry.resource_id}`)}`;

/** A folder's listing in the contract's shape (`DocumentList`): folders first, then files, each in tree order. */
export function listing(folder: StoreEntry, fileLink: (entry: StoreEntry) => string): unknown {
  const children = folder.children ?? [];
  const ordered = [...children.filter((child) => child.type === 'dir'), ...children.filter((c) => c.type === 'file')];
  const items = ordered.map((child) => ({
    name: child.name,
    path: child.path,
    type: child.type,
    ...(child.type === 'file' ? { file: fileLink(child) } : {}),
    resource_id: child.resource_id,
    ...(child.type === 'file' && child.bytes ? { size: child.bytes.length } : {}),
  }));
  return {
    name: folder.name,
    path: folder.path,
    type: 'dir',
    _embedded: { path: folder.path, total: items.length, items },
  };
}

/** `content-disposition` of a download, the name in UTF-8 (RFC 6266) with an ASCII fallback. */
export const attachment = (name: string): string =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Where the access check is served below the API's prefix (the contract's proposed `GET /file-access`). */
export const FILE_ACCESS_PATH = '/api/file-access';

/** Whether a request URI (raw, as sent) is under the file store's prefix. */
const underStore = (uri: string): boolean =>
  uri === FILE_STORE_PREFIX || uri.startsWith(`${FILE_STORE_PREFIX}/`) || uri.startsWith(`${FILE_STORE_PREFIX}?`);

const refusal = (res: ServerResponse, decision: Exclude<FileAccessDecision, { status: 204 }>) => {
  if (decision.status === 405) res.setHeader('allow', STORE_METHODS.join(', '));
  storeError(res, decision.status, decision.error, decision.description, decision.message);
};

export interface FileStoreOptions {
  /** Signs and checks the download links (a new random key by default: it never leaves the process). */
  signer?: LinkSigner;
  now?: () => number;
}

export const fileStoreArea = (contract: Contract, options: FileStoreOptions = {}): MockArea => {
  const root = exampleTree();
  const byId = new Map(allFiles(root).map((file) => [file.resource_id, file]));
  const signer = options.signer ?? new LinkSigner();
  const policy = { levels: folderLevels(contract), signer, now: options.now };
  const answer = (uri: string, res: ServerResponse): void => {
    const origin = requestOrigin(res.req);
    const link = (entry: StoreEntry) => contentUrl(origin, signer, entry);
    const at = uri.indexOf('?');
    const route = storeRoute(at < 0 ? uri : uri.slice(0, at));
    const query = new URLSearchParams(at < 0 ? '' : uri.slice(at + 1));
    if (route?.kind === 'download') {
      const file = byId.get(route.id);
      if (!file?.bytes) return notFound(res);
      res
        .writeHead(200, {
          'content-type': file.contentType ?? 'application/octet-stream',
          'content-length': String(file.bytes.length),
          'content-disposition': attachment(file.name),
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-store',
        })
        .end(file.bytes);
      return;
    }
    const path = query.get('path');
    if (!path)
      return storeError(res, 400, 'BadRequest', 'The path parameter is required.', 'path parametresi zorunludur');
    const entry = findEntry(root, path);
    if (route?.kind === 'list') return entry?.type === 'dir' ? sendJson(res, listing(entry, link)) : notFound(res);
    if (entry?.type !== 'file') return notFound(res);
    sendJson(res, { href: link(entry), method: 'GET', templated: false });
  };
  return defineArea({
    handle(method, pathname, request, res) {
      const raw = res.req?.url ?? pathname;
      if (pathname === FILE_ACCESS_PATH && method === 'GET') {
        const { 'x-original-uri': originalUri, 'x-original-method': originalMethod } = res.req?.headers ?? {};
        const decision = checkFileAccess(
          {
            uri: typeof originalUri === 'string' ? originalUri : undefined,
            claims: request.claims,
            method: typeof originalMethod === 'string' ? originalMethod : undefined,
          },
          policy,
        );
        if (decision.status === 204) res.writeHead(204, { 'cache-control': 'no-store' }).end();
        else refusal(res, decision);
        return true;
      }
      // The raw URI decides (the parsed pathname has `..` already resolved away).
      if (!underStore(raw) && !underStore(pathname)) return false;
      const uri = underStore(raw) ? raw : pathname;
      const decision = checkFileAccess({ uri, claims: request.claims, method }, policy);
      if (decision.status !== 204) refusal(res, decision);
      // The mock's own store answers GET only (HEAD is what nginx serves in front of a real store).
      else if (method !== 'GET') refusal(res, { status: 405, ...METHOD_REFUSED });
      else answer(uri, res);
      return true;
    },
  });
};
