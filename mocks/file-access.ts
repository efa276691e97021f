// Over 200 lines: the file store's one access check, each rule of checkFileAccess in turn.
/**
 * Who may read what in the file store (`/files`: help documents and firmware files). One check for everything the mock
 * serves there: the proposed API call `GET /file-access` (what a reverse proxy asks before it lets a `/files` request
 * through, nginx's `auth_request`) and the mock stack's own `/files` serving (mocks/file-store.ts), which applies it
 * in-process. The rules (the contract's `checkFileAccess`, openapi/paths/documents.yaml):
 *  - the URI (path and query, as the browser sent it) is one of the store's three routes: `/files/resources?path=`,
 *    `/files/resources/download?path=` and `/files/download/<id>?expires=&sig=` (a download link); anything else is
 *    refused (400), as is a `..` segment anywhere in the path or in a query value, percent-encoded once or twice
 *    (`%2e%2e`, `%252e%252e`), a backslash or NUL, a malformed escape and a repeated `path`;
 *  - the two listing routes need a valid session (the claims the mock front read from the bearer token, which it
 *    hands on only for a token it signed: they must name a `UserType`, and their `exp` must not have passed) and the
 *    level of the root folder named by `path` (the contract's `x-folder-levels`: the firmware folder is for
 *    administrators, every other folder for everyone);
 *  - a download link needs no token (a browser's download is a plain navigation) but the server's own signature: an
 *    HMAC-SHA256 of the link's path and expiry, made with a key that never leaves the server, valid for
 *    LINK_LIFETIME_SECONDS. The store signs a link only after it answered the download call, which passed the checks
 *    above for that file.
 * A refusal carries the store's error body (`DocumentStoreError`), whose `description` the console shows.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Contract } from './contract.ts';

/** The file store's prefix on the mock (the contract's server `url: /files`; the console's `fileStoreBaseUrl`). */
export const FILE_STORE_PREFIX = '/files';

/** How long a signed download link stays valid. */
export const LINK_LIFETIME_SECONDS = 300;

export interface StoreError {
  error: string;
  description: string;
  message: string;
}

export type FileAccessDecision = { status: 204 } | ({ status: 400 | 401 | 403 | 405 } & StoreError);

/** The methods the read-only store answers (the contract's `MethodRefused` `Allow` header). */
export const STORE_METHODS = ['GET', 'HEAD'] as const;

/** The store's answer to any other method (the contract's `MethodRefused` example). */
export const METHOD_REFUSED = {
  error: 'MethodNotAllowed',
  description: 'The file store is read with GET or HEAD only.',
  message: 'Bu işlem dosya deposunda yapılamaz',
} as const;

/** The file store's routes, by the URI's path. */
export type StoreRoute = { kind: 'list' } | { kind: 'link' } | { kind: 'download'; id: string };

export function storeRoute(pathname: string): StoreRoute | undefined {
  if (pathname === `${FILE_STORE_PREFIX}/resources`) return { kind: 'list' };
  if (pathname === `${FILE_STORE_PREFIX}/resources/download`) return { kind: 'link' };
  const download = new RegExp(`^${FILE_STORE_PREFIX}/download/([A-Za-z0-9_-]+)$`).exec(pathname);
  return download ? { kind: 'download', id: download[1]! } : undefined;
}

/** Signs and checks the store's download links (`<path>?expires=<unix seconds>&sig=<base64url HMAC-SHA256>`). */
export class LinkSigner {
  constructor(
    private readonly key: Buffer = randomBytes(32),
    private readonly now: () => number = Date.now,
  ) {}

  private mac(pathname: string, expires: string): Buffer {
    return createHmac('sha256', this.key).update(`${pathname}\n${expires}`).digest();
  }

  /** The link to `pathname`, valid for `lifetimeSeconds` from now. */
  sign(pathname: string, lifetimeSeconds = LINK_LIFETIME_SECONDS): string {
    const expires = String(Math.floor(this.now() / 1000) + lifetimeSeconds);
    return `${pathname}?expires=${expires}&sig=${this.mac(pathname, expires).toString('base64url')}`;
  }

  /** Whether the link's query signs this path, at `now`: `missing` without `expires` and `sig`. */
  verify(pathname: string, query: URLSearchParams, now = this.now()): 'valid' | 'expired' | 'invalid' | 'missing' {
    const expires = query.getAll('expires');
    const sig = query.getAll('sig');
    if (!expires.length && !sig.length) return 'missing';
    if (expires.length !== 1 || sig.length !== 1 || !/^\d{1,12}$/.test(expires[0]!)) return 'invalid';
    const given = Buffer.from(sig[0]!, 'base64url');
    const expected = this.mac(pathname, expires[0]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires[0]) * 1000 <= now ? 'expired' : 'valid';
  }
}

/** The lowest `UserType` that may read each root folder (lower-case name); other folders are level 0. */
export type FolderLevels = ReadonlyMap<string, number>;

/** The folder levels the contract gives the file store (`x-folder-levels` of `checkFileAccess`). */
export function folderLevels(contract: Contract): FolderLevels {
  const levels = contract.byId('checkFileAccess').spec['x-folder-levels'];
  if (typeof levels !== 'object' || levels === null || Array.isArray(levels)) {
    throw new Error('The contract gives checkFileAccess no x-folder-levels');
  }
  return new Map(
    Object.entries(levels).map(([folder, level]) => [folder.replace(/^\/+|\/+$/g, '').toLowerCase(), Number(level)]),
  );
}

const refuse = (
  status: 400 | 401 | 403 | 405,
  error: string,
  description: string,
  message: string,
): FileAccessDecision => ({
  status,
  error,
  description,
  message,
});
const badRequest = (description: string) => refuse(400, 'BadRequest', description, 'Geçersiz dosya yolu');

/** Whether a text, decoded up to twice, holds a `..` segment, a backslash or NUL; undefined for a malformed escape. */
function traverses(text: string): boolean | undefined {
  let current = text;
  for (let round = 0; round < 3; round++) {
    if (current.includes('\\') || current.includes('\0')) return true;
    if (current.split('/').some((segment) => segment === '..')) return true;
    try {
      const decoded = decodeURIComponent(current);
      if (decoded === current) return false;
      current = decoded;
    } catch {
      return undefined;
    }
  }
  return true;
}

/** The query's raw values (before `+` and `%` are decoded), for the traversal check. */
const rawValues = (query: string): string[] =>
  query
    .split('&')
    .filter(Boolean)
    .flatMap((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [pair] : [pair.slice(0, at), pair.slice(at + 1)];
    })
    .map((value) => value.replace(/\+/g, ' '));

/**
 * The root folder a `path` value names, as the store would open it (lower-case): decoded up to twice more, empty and
 * `.` segments dropped, each segment's surrounding spaces and trailing dots removed (`/./Firmware`, `/%2e/Firmware`,
 * `/Firmware.`, `/Firmware%20` all name `firmware`). Undefined for the store's root.
 */
export function rootFolder(value: string): string | undefined {
  let current = value;
  for (let round = 0; round < 2; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      break;
    }
    if (decoded === current) break;
    current = decoded;
  }
  return current
    .split('/')
    .map((segment) => segment.trim().replace(/[.\s]+$/u, ''))
    .find(Boolean)
    ?.toLowerCase();
}

/** A session's user type, or undefined when the claims are not those of a live access token. */
function sessionLevel(claims: Record<string, unknown>, now: number): number | undefined {
  const { UserType: userType, exp } = claims;
  if (typeof userType !== 'number' || !Number.isInteger(userType)) return undefined;
  if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 <= now)) return undefined;
  return userType;
}

export interface FileAccessRequest {
  /** The original URI of the `/files` request, path and query as sent (nginx's `$request_uri`). */
  uri: string | undefined;
  /** The claims of the caller's bearer token (empty without one). */
  claims: Record<string, unknown>;
  /** The original request's method (`X-Original-Method`), when the caller forwards it. */
  method?: string | undefined;
}

export interface FileAccessPolicy {
  levels: FolderLevels;
  signer: LinkSigner;
  now?: () => number;
}

/** Whether the caller may read the URI: 204, or the refusal (405, 400, 401, 403) with the store's error body. */
export function checkFileAccess(request: FileAccessRequest, policy: FileAccessPolicy): FileAccessDecision {
  const now = (policy.now ?? Date.now)();
  const uri = request.uri ?? '';
  if (request.method !== undefined && !(STORE_METHODS as readonly string[]).includes(request.method)) {
    return { status: 405, ...METHOD_REFUSED };
  }
  if (!uri.startsWith('/')) return badRequest('The original URI is missing or not a path.');
  const at = uri.indexOf('?');
  const pathname = at < 0 ? uri : uri.slice(0, at);
  const rawQuery = at < 0 ? '' : uri.slice(at + 1);
  for (const text of [pathname, ...rawValues(rawQuery)]) {
    const found = traverses(text);
    if (found === undefined) return badRequest('The URI holds a malformed escape.');
    if (found) return badRequest('The URI leaves its folder (.., a backslash or NUL).');
  }
  const route = storeRoute(pathname);
  if (!route) return badRequest('The file store has no such route.');
  const query = new URLSearchParams(rawQuery);

  if (route.kind === 'download') {
    const signature = policy.signer.verify(pathname, query, now);
    if (signature === 'valid') return { status: 204 };
    if (signature === 'missing') {
      return refuse(401, 'Unauthorized', 'A download needs a link signed by the server.', 'Yetkisiz erişim');
    }
    return signature === 'expired'
      ? refuse(403, 'LinkExpired', 'The download link has expired.', 'İndirme bağlantısının süresi doldu')
      : refuse(403, 'Forbidden', 'The download link is not valid for this file.', 'İndirme bağlantısı geçersiz');
  }

  const folders = query.getAll('path');
  if (folders.length !== 1 || !folders[0]!.startsWith('/')) {
    return badRequest('The path parameter must be given once, starting with /.');
  }
  const level = sessionLevel(request.claims, now);
  if (level === undefined) return refuse(401, 'Unauthorized', 'Sign in to read the file store.', 'Yetkisiz erişim');
  const root = rootFolder(folders[0]!);
  const needed = root === undefined ? 0 : (policy.levels.get(root) ?? 0);
  if (level < needed) {
    return refuse(403, 'Forbidden', 'This folder is not available to your user type.', 'Bu klasör için yetkiniz yok');
  }
  return { status: 204 };
}
