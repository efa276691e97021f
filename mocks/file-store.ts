/**
 * The cloud file store of the help and firmware documents (openapi/paths/documents.yaml), served by the front under
 * the console's file store prefix (`/files`) from a small real file tree held in memory, so the document browsers
 * work on `npm start`:
 *  - `GET <prefix>/resources?path=` lists a folder (`DocumentList`, entries under `_embedded.items`, folders first);
 *  - `GET <prefix>/resources/download?path=` answers a link to a file (`DocumentDownloadLink`, as the contract says);
 *  - `GET <prefix>/download/<resource_id>?sig=mock` (outside the contract, where the links point) answers the file's
 *    bytes as an attachment.
 * The tree holds the contract's example folders and files (openapi/EXAMPLES.md) plus a subfolder in each and a third
 * documentation folder; the PDFs are real one-page PDFs and the firmware files deterministic bytes. A missing `path`
 * answers 400 and an unknown one 404, with the store's error body (`DocumentStoreError`). The store never checks a
 * credential here: the console sends none (the real store authenticates the console's server side, see README).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Contract } from './contract.ts';
import type { MockArea } from './front.ts';

export interface StoreEntry {
  name: string;
  path: string;
  type: 'dir' | 'file';
  resource_id: string;
  /** A file's content. */
  bytes?: Buffer;
  contentType?: string;
  /** A folder's entries, in the order listed. */
  children?: StoreEntry[];
}

/** A string as a PDF literal string (Latin-1 text, with `\`, `(` and `)` escaped). */
const pdfString = (text: string): string => `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;

/** A minimal valid one-page PDF (A4) showing `title` on one line, with a correct cross-reference table. */
export function minimalPdf(title: string): Buffer {
  const content = `BT /F1 20 Tf 72 760 Td ${pdfString(title)} Tj ET\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** `size` deterministic bytes from a seed (mulberry32): the same firmware file is the same on every start. */
export function seededBytes(seed: number, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed >>> 0;
  for (let index = 0; index < size; index++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    bytes[index] = ((value ^ (value >>> 14)) >>> 0) & 0xff;
  }
  return bytes;
}

const FIRMWARE_SIZE = 64 * 1024;

const dir = (parent: string, name: string, resourceId: string, children: StoreEntry[]): StoreEntry => {
  const path = `${parent === '/' ? '' : parent}/${name}`;
  return { name, path, type: 'dir', resource_id: resourceId, children: children.map((child) => under(path, child)) };
};
/** The entry moved under `parent` (paths are built from the root down). */
const under = (parent: string, entry: StoreEntry): StoreEntry =>
  entry.type === 'dir'
    ? dir(parent, entry.name, entry.resource_id, entry.children ?? [])
    : { ...entry, path: `${parent}/${entry.name}` };
const pdf = (name: string, resourceId: string): StoreEntry => ({
  name,
  path: name,
  type: 'file',
  resource_id: resourceId,
  bytes: minimalPdf(name.replace(/\.pdf$/, '')),
  contentType: 'application/pdf',
});
const firmware = (name: string, resourceId: string, seed: number): StoreEntry => ({
  name,
  path: name,
  type: 'file',
  resource_id: resourceId,
  bytes: seededBytes(seed, FIRMWARE_SIZE),
  contentType: 'application/octet-stream',
});

/** The store's tree: the contract's example folders first (the root's order is the example's), then the others. */
export function exampleTree(): StoreEntry {
  return dir('/', '', 'fs-0', [
    dir('/', 'Kullanim Kilavuzlari', 'fs-1000', [
      dir('/', 'Eski Surumler', 'fs-1100', [pdf('MX-16G Kurulum 2022.pdf', 'fs-1101')]),
      pdf('MX-16G Kurulum.pdf', 'fs-1001'),
      pdf('MX-8 Kullanici Kilavuzu.pdf', 'fs-1002'),
    ]),
    dir('/', 'Firmware', 'fs-2000', [
      dir('/', 'MX-8', 'fs-2100', [firmware('mx8-2.0.7.bin', 'fs-2101', 2101)]),
      firmware('mx16g-3.4.1.bin', 'fs-2001', 2001),
      firmware('mx16g-3.4.2.bin', 'fs-2002', 2002),
    ]),
    dir('/', 'Teknik Belgeler', 'fs-3000', [pdf('Baglanti Semasi.pdf', 'fs-3001')]),
  ]);
}

/** The entry at `path` (`/` the root; a trailing slash is ignored). */
export function findEntry(root: StoreEntry, path: string): StoreEntry | undefined {
  if (!path.startsWith('/')) return undefined;
  const parts = path.split('/').filter(Boolean);
  let entry: StoreEntry | undefined = root;
  for (const part of parts) entry = entry?.children?.find((child) => child.name === part);
  return entry;
}

const allFiles = (entry: StoreEntry): StoreEntry[] =>
  entry.type === 'file' ? [entry] : (entry.children ?? []).flatMap(allFiles);

const storeError = (res: ServerResponse, status: number, error: string, description: string, message: string) =>
  void res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error, description, message }));
const notFound = (res: ServerResponse) => storeError(res, 404, 'NotFound', 'Resource not found.', 'Kaynak bulunamadı');
const sendJson = (res: ServerResponse, body: unknown) =>
  void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** The origin the console called from (Origin, else Referer, else the Host it reached), for absolute links. */
export function requestOrigin(req: IncomingMessage | undefined): string {
  for (const header of [req?.headers.origin, req?.headers.referer]) {
    if (typeof header !== 'string') continue;
    try {
      const url = new URL(header);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // not a URL
    }
  }
  return `http://${req?.headers.host ?? '127.0.0.1'}`;
}

/** Where a file's bytes are served (the answer of the download call and each item's `file`). */
const contentUrl = (base: string, entry: StoreEntry) => `${base}/download/${entry.resource_id}?sig=mock`;

/** A folder's listing in the contract's shape (`DocumentList`): folders first, then files, each in tree order. */
export function listing(folder: StoreEntry, base: string): unknown {
  const children = folder.children ?? [];
  const ordered = [...children.filter((child) => child.type === 'dir'), ...children.filter((c) => c.type === 'file')];
  const items = ordered.map((child) => ({
    name: child.name,
    path: child.path,
    type: child.type,
    ...(child.type === 'file' ? { file: contentUrl(base, child) } : {}),
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

/** The file store's prefix on the mock (the contract's server `url: /files`; the console's `fileStoreBaseUrl`). */
export const FILE_STORE_PREFIX = '/files';

const STORE_ROUTE = new RegExp(`^${FILE_STORE_PREFIX}/(resources|resources/download|download/([^/]+))$`);

export const fileStoreArea = (_contract: Contract): MockArea => {
  const root = exampleTree();
  const byId = new Map(allFiles(root).map((file) => [file.resource_id, file]));
  const answer = (route: RegExpExecArray, query: URLSearchParams, res: ServerResponse): void => {
    const base = `${requestOrigin(res.req)}${FILE_STORE_PREFIX}`;
    if (route[2] !== undefined) {
      const file = byId.get(decodeURIComponent(route[2]));
      if (!file?.bytes) return notFound(res);
      res
        .writeHead(200, {
          'content-type': file.contentType ?? 'application/octet-stream',
          'content-length': String(file.bytes.length),
          'content-disposition': attachment(file.name),
          'cache-control': 'no-store',
        })
        .end(file.bytes);
      return;
    }
    const path = query.get('path');
    if (!path)
      return storeError(res, 400, 'BadRequest', 'The path parameter is required.', 'path parametresi zorunludur');
    const entry = findEntry(root, path);
    if (route[1] === 'resources') return entry?.type === 'dir' ? sendJson(res, listing(entry, base)) : notFound(res);
    if (entry?.type !== 'file') return notFound(res);
    sendJson(res, { href: contentUrl(base, entry), method: 'GET', templated: false });
  };
  return {
    handle(method, pathname, request, res) {
      const route = STORE_ROUTE.exec(pathname);
      if (method !== 'GET' || !route) return false;
      answer(route, request.query, res);
      return true;
    },
  };
};
