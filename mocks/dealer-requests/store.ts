/**
 * The dealership requests as the mock keeps them until the mock's `areas/reset` control: the contract's four example
 * requests (41 approved as IST034, 42 pending, 43 rejected, 44 pending) first, each with a small real PNG for each file
 * its example links to (a tax plate each, a logo for 41 and 42), then what the console did (a new application gets
 * the next id, 45 on a fresh mock). A new application's files are kept in memory under names the mock gives them
 * (`tax-plate.png`, `logo.jpg`), typed by their content. A row's links depend on the caller (files.ts makes them).
 */
import type { DealerRequest } from '@generated/api/types.gen.ts';
import { sniffImage, storedName, type FilePart } from '../dealer-files.ts';
import { parseInteger } from '../ids.ts';
import { searchFold } from '../db/user-list.ts';
import type { Application } from './application.ts';
import { samplePng } from './sample-png.ts';

/** A signed link to a stored file: absolute through the caller's origin, or a path relative to the photo host. */
export type FileLink = (name: string, absolute: boolean) => string;

export interface StoredFile {
  type: string;
  data: Buffer;
}

/** A request as the mock keeps it: the row without links (they depend on the caller), its files and its code. */
export interface StoredRequest {
  row: Omit<DealerRequest, 'tax_plate_link' | 'logo_link'>;
  taxPlate: string;
  logo: string | null;
  /** Its links are absolute (through the caller's origin) rather than paths relative to the photo host. */
  absoluteLinks: boolean;
  code?: string;
  reason?: string;
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

/** The approved code of the examples: request 41 is dealer IST034 (openapi/EXAMPLES.md). */
const EXAMPLE_CODES: Record<number, string> = { 41: 'IST034' };

// Codes are Latin letters and digits: compared without case, and without Turkish casing (`i` is `I` here).
export const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

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
