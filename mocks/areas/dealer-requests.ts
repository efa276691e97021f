/**
 * The dealership requests of the mock (spec 2 §2-§5, openapi/paths/dealers.yaml), kept like a server keeps them until
 * the mock's `areas/reset` control: the contract's four example requests (41 approved as IST034, 42 pending, 43
 * rejected, 44 pending: the approve examples approve 42, the reject examples reject 44) first, then what the console
 * did (a new application gets the next id, 45 on a fresh mock).
 *
 * - `POST /dealer-requests` (multipart): the form is parsed in `handle` (the answer hook is synchronous) and, once
 *   Prism has accepted it, added as a pending request with the next id. Its registered e-mail or phone must belong to
 *   an account of the contract's user list (or an applicant of the examples), else it answers `unknown-user`; without
 *   a tax plate file it answers `missing-tax-plate`. Each file is checked as the contract's `DealerApplication` says
 *   a server must (dealer-files.ts): a file that is not a JPEG or PNG by its first bytes answers 415
 *   (`tax-plate-not-image`, `logo-not-image`), one above the size limit 413 (`…-too-large`), whatever its name and
 *   declared type. The files are kept in memory under names the mock gives them (`tax-plate.png`, `logo.jpg`).
 * - `GET /dealer-requests`: the store, newest first, filtered by `state` and `search` (dealer name, requester,
 *   e-mail, phone, seller; case and Turkish marks ignored) and cut by `limit` (10) and `offset` (0).
 * - `POST /dealer-requests/{id}/approve` and `/reject`: 404 for an unknown request, `not-pending` once it was decided
 *   (approval cannot be undone), `code-in-use` for a dealer code some request or account already has (IST034).
 *   The approval names no link (Prism refuses a body with `logo_link`, the contract's security change): the dealer
 *   keeps the logo stored with the request, and the mock never fetches an address a client sent.
 * - Files: every request's tax plate and logo are served at `<prefix>/__mock-files/dealer-requests/<id>/<name>`
 *   (outside the contract; `/__mock/` is the controls' path: the mock's photo host, photo-host.ts), with the type of
 *   their content, `nosniff`, and as an attachment when not an image. The example requests get a small real PNG
 *   for each file their example links to (a tax plate each, a logo for 41 and 42). The links of the answers take
 *   the form of the contract's example for that request (`PhotoLink`): a path relative to the photo host
 *   (`dealer-requests/42/logo.png?…`, requests 42 and 44 and every new application, as the spec's server answers),
 *   which the console appends to its `photoBaseUrl` (the mock stack's console names this host), or an absolute link
 *   through the caller's origin (requests 41 and 43; the console's own host, so its `img-src 'self'` policy loads
 *   them).
 *   A tax plate is personal data and an `<img>` carries no bearer token, so a link is signed by the mock as the file
 *   store signs its downloads (`?expires=&sig=`, HMAC with a key that never leaves the process, valid for
 *   DEALER_FILE_LINK_SECONDS): only an administrator who was just answered the list can open it; a file asked for
 *   without a valid signature answers 401 (none) or 403 (wrong or expired), before anything says whether it exists.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { deflateSync } from 'node:zlib';
import type { DealerRequest } from '@generated/api/types.gen.ts';
import type { Contract } from '../contract.ts';
import { json, originOf, type AreaRequest, type Choice, type MockArea } from '../area.ts';
import {
  FILE_PARTS,
  fileRules,
  refuseFile,
  servedHeaders,
  sniffImage,
  storedName,
  type FilePart,
} from '../dealer-files.ts';
import { LinkSigner } from '../file-access.ts';
import { pageAsked, pageOf } from '../db/paging.ts';
import { parseInteger, pathInteger } from '../ids.ts';
import { MOCK_PHOTO_PATH } from '../photo-host.ts';
import { searchFold } from '../db/user-list.ts';

/** Where the area serves the requests' files, below the API prefix (on the mock's photo host). */
export const DEALER_FILES_PATH = `${MOCK_PHOTO_PATH}dealer-requests/`;
/** How long a signed link to a request's file stays valid: the request list page's lifetime, about. */
export const DEALER_FILE_LINK_SECONDS = 3600;
const API_PREFIX = '/api';

/** A signed link to a stored file: absolute through the caller's origin, or a path relative to the photo host. */
type FileLink = (name: string, absolute: boolean) => string;

interface StoredFile {
  type: string;
  data: Buffer;
}

/** A request as the mock keeps it: the row without links (they depend on the caller), its files and its code. */
interface StoredRequest {
  row: Omit<DealerRequest, 'tax_plate_link' | 'logo_link'>;
  taxPlate: string;
  logo: string | null;
  /** Its links are absolute (through the caller's origin) rather than paths relative to the photo host. */
  absoluteLinks: boolean;
  code?: string;
  reason?: string;
}

/** The application as the multipart form sent it. */
interface Application {
  fields: Record<string, string>;
  files: Record<string, { name: string; type: string; data: Buffer }>;
}

interface Account {
  email: string;
  Phonenumber: string;
  Dealercode?: string;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A real PNG (8-bit RGB) of a card: a coloured band on top, grey text lines on white, a frame. What the photo viewer
 * shows for the example requests.
 */
export function samplePng(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const frame = x < 2 || y < 2 || x >= width - 2 || y >= height - 2;
      const band = y < height / 4;
      const line = !band && y % 12 < 4 && x > width / 10 && x < width * (0.5 + ((y * 7) % 40) / 100);
      const [pr, pg, pb] = frame || band ? [r, g, b] : line ? [150, 150, 150] : [255, 255, 255];
      row.writeUInt8(pr, 1 + x * 3);
      row.writeUInt8(pg, 2 + x * 3);
      row.writeUInt8(pb, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const TAX_PLATE_PNG = samplePng(240, 160, [183, 28, 28]);
const LOGO_PNG = samplePng(96, 96, [21, 101, 192]);

/** Whether a link of the contract is absolute (`PhotoLink`: else a path relative to the photo host). */
const isAbsolute = (link: string) => /^https?:\/\//i.test(link);

const fileName = (link: string | null): string | null => {
  if (!link) return null;
  const last = new URL(link, 'http://photo-host.invalid/').pathname.split('/').pop() ?? 'file';
  return last.replace(/\.(jpe?g|png)$/i, '') + '.png';
};

const exampleValue = (contract: Contract, method: 'get' | 'post', path: string, name: string): unknown => {
  const operation = contract.operations.find((op) => op.method === method && op.path === path);
  return operation && contract.responseExamples(operation).get(name)?.example.value;
};

/** The contract's example requests (the list's `all`). */
const exampleRequests = (contract: Contract): DealerRequest[] => {
  const value = exampleValue(contract, 'get', '/dealer-requests', 'all') as { data?: DealerRequest[] } | undefined;
  return value?.data ?? [];
};

/** The accounts of the contract's user list (whose e-mail or phone an application may give). */
const exampleAccounts = (contract: Contract): Account[] => {
  const value = exampleValue(contract, 'get', '/user/getuserlist', 'default') as { data?: Account[] } | undefined;
  return value?.data ?? [];
};

/** The approved code of the examples: request 41 is dealer IST034 (openapi/EXAMPLES.md). */
const EXAMPLE_CODES: Record<number, string> = { 41: 'IST034' };

// Codes are Latin letters and digits: compared without case, and without Turkish casing (`i` is `I` here).
const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The origin the caller reached the mock through: the console's own host when it came through its proxy. */
const callerOrigin = (req: IncomingMessage | undefined): string | undefined =>
  originOf(req) ?? (req?.headers.host ? `http://${req.headers.host}` : undefined);

export class DealerRequestStore {
  private requests = new Map<number, StoredRequest>();
  private files = new Map<string, StoredFile>();

  constructor(private readonly examples: () => DealerRequest[]) {
    this.clear();
  }

  clear(): void {
    this.requests.clear();
    this.files.clear();
    for (const example of this.examples()) {
      const { tax_plate_link, logo_link, ...row } = example;
      const taxPlate = `${row.id}/${fileName(tax_plate_link)}`;
      const logoName = fileName(logo_link);
      const logo = logoName ? `${row.id}/${logoName}` : null;
      this.files.set(taxPlate, { type: 'image/png', data: TAX_PLATE_PNG });
      if (logo) this.files.set(logo, { type: 'image/png', data: LOGO_PNG });
      const code = EXAMPLE_CODES[row.id];
      const absoluteLinks = isAbsolute(tax_plate_link);
      this.requests.set(row.id, { row, taxPlate, logo, absoluteLinks, ...(code && row.state === 1 ? { code } : {}) });
    }
  }

  get(id: number): StoredRequest | undefined {
    return this.requests.get(id);
  }

  file(key: string): StoredFile | undefined {
    return this.files.get(key);
  }

  /** Whether a request was approved with this code. */
  codeInUse(code: string): boolean {
    return [...this.requests.values()].some((request) => request.code && sameCode(request.code, code));
  }

  add(application: Application, contact: { email: string; phone: string }): StoredRequest {
    const id = Math.max(0, ...this.requests.keys()) + 1;
    // Named by the server and typed by the content: the uploaded name and declared type are never used.
    const keep = (field: FilePart): string | null => {
      const file = application.files[field];
      if (!file) return null;
      const key = `${id}/${storedName(field, file.data)}`;
      this.files.set(key, { type: sniffImage(file.data) ?? 'application/octet-stream', data: file.data });
      return key;
    };
    const stored: StoredRequest = {
      row: {
        id,
        dealer_name: application.fields.dealer_name ?? '',
        name: application.fields.name ?? '',
        email: contact.email,
        phone: contact.phone,
        seller: application.fields.seller ?? '',
        state: 0,
      },
      taxPlate: keep('tax_plate')!,
      logo: keep('logo'),
      absoluteLinks: false,
    };
    this.requests.set(id, stored);
    return stored;
  }

  decide(id: number, state: 1 | 2, details: { code?: string; reason?: string }): void {
    const request = this.requests.get(id);
    if (!request || request.row.state !== 0) return;
    request.row = { ...request.row, state };
    if (details.code) request.code = details.code.trim();
    if (details.reason) request.reason = details.reason;
  }

  /**
   * The requests as rows (a file's link made by `link` from its stored name and the form of the request's links),
   * newest first, filtered by state and search.
   */
  list(link: FileLink, query: URLSearchParams): DealerRequest[] {
    const state = query.get('state');
    const search = searchFold(query.get('search')?.trim() ?? '');
    return [...this.requests.values()]
      .sort((a, b) => b.row.id - a.row.id)
      .filter((request) => state === null || request.row.state === parseInteger(state))
      .filter((request) => {
        if (!search) return true;
        const { dealer_name, name, email, phone, seller } = request.row;
        return [dealer_name, name, email, phone, seller].some((text) => searchFold(text).includes(search));
      })
      .map((request) => this.toRow(link, request));
  }

  toRow(link: FileLink, request: StoredRequest): DealerRequest {
    return {
      ...request.row,
      tax_plate_link: link(request.taxPlate, request.absoluteLinks),
      logo_link: request.logo ? link(request.logo, request.absoluteLinks) : null,
    };
  }
}

async function parseApplication(request: AreaRequest): Promise<Application | undefined> {
  if (!request.contentType.toLowerCase().startsWith('multipart/form-data')) return undefined;
  try {
    const form = await new Response(new Uint8Array(request.raw), {
      headers: { 'content-type': request.contentType },
    }).formData();
    const application: Application = { fields: {}, files: {} };
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') application.fields[name] = value;
      else if (value.size > 0) {
        application.files[name] = {
          name: value.name,
          type: value.type,
          data: Buffer.from(await value.arrayBuffer()),
        };
      }
    }
    return application;
  } catch {
    return undefined;
  }
}

const CREATE = 'post /dealer-requests';
const LIST = 'get /dealer-requests';
const APPROVE = 'post /dealer-requests/{id}/approve';
const REJECT = 'post /dealer-requests/{id}/reject';

export const dealerRequestsArea = (contract: Contract): MockArea => {
  const store = new DealerRequestStore(() => exampleRequests(contract));
  const rules = fileRules(contract);
  const applications = new WeakMap<AreaRequest, Application>();
  const origins = new WeakMap<AreaRequest, string>();
  const signer = new LinkSigner();
  /** A signed link to a stored file: through the caller's origin, or relative to the photo host. */
  const fileLink =
    (request: AreaRequest): FileLink =>
    (name, absolute) => {
      const signed = signer.sign(`${DEALER_FILES_PATH}${name}`, DEALER_FILE_LINK_SECONDS);
      return absolute
        ? `${origins.get(request) ?? 'http://127.0.0.1'}${API_PREFIX}${signed}`
        : signed.slice(MOCK_PHOTO_PATH.length);
    };

  /** The account (or example applicant) an application's registered e-mail or phone belongs to. */
  const contactOf = (info: string): { email: string; phone: string } | undefined => {
    const given = info.trim().toLocaleLowerCase('tr');
    const digits = given.replace(/\D/g, '');
    const people = [
      ...exampleAccounts(contract).map((account) => ({ email: account.email, phone: account.Phonenumber })),
      ...exampleRequests(contract).map(({ email, phone }) => ({ email, phone })),
    ];
    return people.find(
      (person) => person.email.toLocaleLowerCase('tr') === given || (digits.length >= 10 && person.phone === digits),
    );
  };
  const accountCodes = () => exampleAccounts(contract).flatMap((account) => account.Dealercode || []);

  return {
    async handle(method, pathname, request, res) {
      const origin = callerOrigin((res as ServerResponse & { req?: IncomingMessage }).req);
      if (origin) origins.set(request, origin);
      const filesAt = pathname.indexOf(DEALER_FILES_PATH);
      if (method === 'GET' && filesAt >= 0) {
        const name = pathname.slice(filesAt + DEALER_FILES_PATH.length);
        const signature = signer.verify(`${DEALER_FILES_PATH}${name}`, request.query);
        if (signature !== 'valid') {
          const status = signature === 'missing' ? 401 : 403;
          const message =
            signature === 'missing' ? 'A link signed by the server is needed' : `The link is ${signature}`;
          res.writeHead(status, { 'content-type': 'application/json' }).end(json({ message }));
          return true;
        }
        const file = store.file(decodeURIComponent(name));
        if (!file) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(json({ message: 'No such file' }));
        } else {
          res.writeHead(200, servedHeaders(file.data)).end(file.data);
        }
        return true;
      }
      if (method === 'POST' && /\/dealer-requests\/?$/.test(pathname)) {
        const application = await parseApplication(request);
        if (application) applications.set(request, application);
      }
      return false;
    },

    choose(key, request): Choice | undefined {
      const id = pathInteger(request, 'id');
      switch (key) {
        case LIST:
          return { example: 'all', code: '200' };
        case CREATE: {
          const application = applications.get(request);
          if (!application?.files.tax_plate) return { example: 'missing-tax-plate', code: '400' };
          for (const part of Object.keys(FILE_PARTS) as FilePart[]) {
            const file = application.files[part];
            const refusal = file && refuseFile(part, file.data, rules[part]);
            if (refusal) return refusal;
          }
          if (!contactOf(application.fields.info ?? '')) return { example: 'unknown-user', code: '400' };
          return { example: 'received', code: '201' };
        }
        case APPROVE:
        case REJECT: {
          const found = store.get(id);
          if (!found) return { code: '404' };
          if (found.row.state !== 0) return { example: 'not-pending', code: '400' };
          const code = String(request.body.code ?? '');
          if (key === APPROVE && (store.codeInUse(code) || accountCodes().some((used) => sameCode(used, code)))) {
            return { example: 'code-in-use', code: '400' };
          }
          return { example: 'success', code: '200' };
        }
        default:
          return undefined;
      }
    },

    answer(key, request, payload) {
      switch (key) {
        case LIST: {
          return json(pageOf(store.list(fileLink(request), request.query), pageAsked(request.query)));
        }
        case CREATE: {
          const application = applications.get(request);
          const contact = application && contactOf(application.fields.info ?? '');
          if (!application?.files.tax_plate || !contact) return payload;
          return json({ data: store.toRow(fileLink(request), store.add(application, contact)) });
        }
        case APPROVE:
          store.decide(pathInteger(request, 'id'), 1, { code: String(request.body.code ?? '') });
          return payload;
        case REJECT: {
          const reason = typeof request.body.reason === 'string' ? request.body.reason : undefined;
          store.decide(pathInteger(request, 'id'), 2, reason ? { reason } : {});
          return payload;
        }
        default:
          return payload;
      }
    },

    reset() {
      store.clear();
    },
  };
};
