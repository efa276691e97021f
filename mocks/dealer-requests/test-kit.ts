/** What the dealer requests' tests share: the area's calls as the front makes them, and an application's form. */
import { operationKeys } from '@generated/api/operations.ts';
import type { ServerResponse } from 'node:http';
import type { AreaRequest, MockArea } from '../area.ts';
import { Contract } from '../contract.ts';
import { MOCK_PHOTO_BASE_URL } from '../photo-host.ts';
import { samplePng } from './sample-png.ts';

export const contract = Contract.load();
export const CONSOLE = 'http://127.0.0.1:5173';

/** A ServerResponse that keeps what was written, with the request's headers behind it as Node has them. */
export function response(headers: Record<string, string> = { referer: `${CONSOLE}/Dealer/Requests` }) {
  const written: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
  const res = {
    req: { headers },
    writeHead(status: number, head: Record<string, string>) {
      written.status = status;
      written.headers = head;
      return res;
    },
    end(body?: Buffer | string) {
      written.body = Buffer.from(body ?? '');
      return res;
    },
  };
  return { res: res as unknown as ServerResponse, written };
}

export function areaRequest(parts: Partial<AreaRequest> = {}): AreaRequest {
  return {
    params: {},
    body: {},
    query: new URLSearchParams(),
    claims: { UserType: 2 },
    raw: Buffer.alloc(0),
    contentType: '',
    origin: 'http://127.0.0.1',
    headers: {},
    ...parts,
  };
}

/** What the front does with a request: `handle`, then `choose`, and `answer` when Prism answered 2xx. */
export async function call(area: MockArea, method: string, pathname: string, key: string, request: AreaRequest) {
  const { res, written } = response();
  if (await area.handle!(method, `/api${pathname}`, request, res)) return { served: written };
  const choice = area.choose!(key, request);
  const ok = choice?.code?.startsWith('2') ?? true;
  const payload = ok ? area.answer!(key, request, Buffer.from('{"from":"prism"}')) : undefined;
  return { choice, body: payload && (JSON.parse(payload.toString()) as Record<string, unknown>) };
}

/**
 * Opens a link the area answered (its path and its signed query), as a browser's `<img>` would: a path relative to
 * the photo host on the mock stack's photo host (the console's `photoBaseUrl`), an absolute link as it is.
 */
export const open = (area: MockArea, link: string) => {
  const url = new URL(link, `${CONSOLE}${MOCK_PHOTO_BASE_URL}`);
  return call(area, 'GET', url.pathname.replace(/^\/api/, ''), '', areaRequest({ query: url.searchParams }));
};

export type Row = {
  id: number;
  state: number;
  tax_plate_link: string;
  logo_link: string | null;
  email: string;
  phone: string;
};
export const list = async (area: MockArea, query = '') => {
  const { body } = await call(
    area,
    'GET',
    '/dealer-requests',
    operationKeys.getDealerRequests,
    areaRequest({ query: new URLSearchParams(query) }),
  );
  return body as { data: Row[]; list_info: { total_count: number; limit: number; offset: number } };
};

export async function multipart(fields: Record<string, string>, files: Record<string, [string, string, Buffer]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, [file, type, data]] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(data)], { type }), file);
  }
  const encoded = new Response(form);
  return areaRequest({
    raw: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  });
}

export const APPLICATION = {
  dealer_name: 'Kuzey Alarm',
  name: 'Zeynep Kaya',
  seller: 'Marmara Dagitim AS',
  info: 'user@example.com',
};
export const PNG = samplePng(4, 3, [0, 128, 0]);
