import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Contract } from '../contract.ts';
import { servedHeaders } from '../dealer-files.ts';
import { MOCK_PHOTO_BASE_URL } from '../photo-host.ts';
import { dealerRequestsArea, samplePng } from './dealer-requests.ts';
import type { AreaRequest, MockArea } from '../area.ts';

const contract = Contract.load();
const CONSOLE = 'http://127.0.0.1:5173';

/** A ServerResponse that keeps what was written, with the request's headers behind it as Node has them. */
function response(headers: Record<string, string> = { referer: `${CONSOLE}/Dealer/Requests` }) {
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

function areaRequest(parts: Partial<AreaRequest> = {}): AreaRequest {
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
async function call(area: MockArea, method: string, pathname: string, key: string, request: AreaRequest) {
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
const open = (area: MockArea, link: string) => {
  const url = new URL(link, `${CONSOLE}${MOCK_PHOTO_BASE_URL}`);
  return call(area, 'GET', url.pathname.replace(/^\/api/, ''), '', areaRequest({ query: url.searchParams }));
};

type Row = {
  id: number;
  state: number;
  tax_plate_link: string;
  logo_link: string | null;
  email: string;
  phone: string;
};
const list = async (area: MockArea, query = '') => {
  const { body } = await call(
    area,
    'GET',
    '/dealer-requests',
    'get /dealer-requests',
    areaRequest({ query: new URLSearchParams(query) }),
  );
  return body as { data: Row[]; list_info: { total_count: number; limit: number; offset: number } };
};

async function multipart(fields: Record<string, string>, files: Record<string, [string, string, Buffer]>) {
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

const APPLICATION = {
  dealer_name: 'Kuzey Alarm',
  name: 'Zeynep Kaya',
  seller: 'Marmara Dagitim AS',
  info: 'user@example.com',
};
const PNG = samplePng(4, 3, [0, 128, 0]);

describe('the dealer requests of the mock', () => {
  it("starts from the contract's examples, newest first, with links the caller can load", async () => {
    const area = dealerRequestsArea(contract);
    const page = await list(area);
    expect(page.data.map((row) => [row.id, row.state])).toEqual([
      [44, 0],
      [43, 2],
      [42, 0],
      [41, 1],
    ]);
    expect(page.list_info).toEqual({ total_count: 4, limit: 10, offset: 0 });
    const [r44, r43, r42, r41] = page.data as [Row, Row, Row, Row];
    // Each request's links take the form of its contract example: 42's and 44's are paths relative to the photo
    // host, 41's and 43's absolute links through the caller's origin.
    expect(r42.tax_plate_link).toMatch(/^dealer-requests\/42\/vergi-levhasi\.png\?expires=\d+&sig=[\w-]+$/);
    expect(r42.logo_link).toMatch(/^dealer-requests\/42\/logo\.png\?expires=\d+&sig=[\w-]+$/);
    expect(r44.tax_plate_link).toMatch(/^dealer-requests\/44\/vergi-levhasi\.png\?expires=\d+&sig=[\w-]+$/);
    expect(r41.tax_plate_link).toMatch(
      new RegExp(`^${CONSOLE}/api/__mock-files/dealer-requests/41/vergi-levhasi\\.png\\?expires=\\d+&sig=[\\w-]+$`),
    );
    expect(r43.logo_link).toBeNull();
    expect(r44.logo_link).toBeNull();
    expect((await open(area, r41.logo_link!)).served?.status).toBe(200);
    // Every example's tax plate is a real PNG the viewer can show, whichever form its link takes.
    for (const row of page.data) {
      const plate = await open(area, row.tax_plate_link);
      expect(plate.served?.status, `request ${row.id}`).toBe(200);
      expect(plate.served?.headers?.['content-type'], `request ${row.id}`).toBe('image/png');
      expect(plate.served?.body?.subarray(1, 4).toString(), `request ${row.id}`).toBe('PNG');
    }

    const { served } = await open(area, r42.logo_link!);
    expect(served?.status).toBe(200);
    expect(served?.headers?.['content-type']).toBe('image/png');
    expect(served?.body?.subarray(1, 4).toString()).toBe('PNG');
    // A file is personal data: without the server's signature, or with one of another file, nothing is served.
    const unsigned = await call(area, 'GET', '/__mock-files/dealer-requests/42/logo.png', '', areaRequest());
    expect(unsigned.served?.status).toBe(401);
    const signedPlate = new URL(r42.tax_plate_link, CONSOLE);
    const borrowed = await call(
      area,
      'GET',
      '/__mock-files/dealer-requests/42/logo.png',
      '',
      areaRequest({ query: signedPlate.searchParams }),
    );
    expect(borrowed.served?.status).toBe(403);
    expect(borrowed.served?.body?.includes('PNG')).toBe(false);
  });

  it('filters by state and search and pages by limit and offset', async () => {
    const area = dealerRequestsArea(contract);
    expect((await list(area, 'state=0')).data.map((row) => row.id)).toEqual([44, 42]);
    expect((await list(area, 'state=2')).data.map((row) => row.id)).toEqual([43]);
    // Search ignores case and Turkish marks: "sahin" finds Burak Şahin.
    expect((await list(area, 'search=sahin')).data.map((row) => row.id)).toEqual([43]);
    expect((await list(area, 'search=MARMARA')).data.map((row) => row.id)).toEqual([42, 41]);
    expect((await list(area, 'search=marmara&state=1')).data.map((row) => row.id)).toEqual([41]);
    expect((await list(area, 'search=karadeniz')).data.map((row) => row.id)).toEqual([44]);
    const second = await list(area, 'limit=2&offset=2');
    expect(second.data.map((row) => row.id)).toEqual([42, 41]);
    expect(second.list_info).toEqual({ total_count: 4, limit: 2, offset: 2 });
  });

  it('adds an application as a pending request and serves its files', async () => {
    const area = dealerRequestsArea(contract);
    const request = await multipart(APPLICATION, {
      tax_plate: ['levha.png', 'image/png', PNG],
      logo: ['my logo.png', 'image/png', PNG],
    });
    const { choice, body } = await call(area, 'POST', '/dealer-requests', 'post /dealer-requests', request);
    expect(choice).toEqual({ example: 'received', code: '201' });
    const created = (body as { data: Row }).data;
    expect(created).toMatchObject({ id: 45, state: 0, email: 'user@example.com', phone: '905321110003' });
    // The stored files are named by the server, never by the upload; their links are relative to the photo host.
    expect(created.logo_link).toMatch(/^dealer-requests\/45\/logo\.png\?/);
    expect(created.tax_plate_link).toMatch(/^dealer-requests\/45\/tax-plate\.png\?/);
    expect((await list(area, 'state=0')).data.map((row) => row.id)).toEqual([45, 44, 42]);

    const { served } = await open(area, created.tax_plate_link);
    expect(served?.body?.equals(PNG)).toBe(true);
  });

  it('refuses an application without a tax plate or from someone unknown', async () => {
    const area = dealerRequestsArea(contract);
    const noPlate = await multipart(APPLICATION, {});
    expect((await call(area, 'POST', '/dealer-requests', 'post /dealer-requests', noPlate)).choice).toEqual({
      example: 'missing-tax-plate',
      code: '400',
    });
    const unknown = await multipart(
      { ...APPLICATION, info: 'nobody@example.com' },
      { tax_plate: ['a.png', 'image/png', PNG] },
    );
    expect((await call(area, 'POST', '/dealer-requests', 'post /dealer-requests', unknown)).choice).toEqual({
      example: 'unknown-user',
      code: '400',
    });
    // A phone number works as well as an e-mail.
    const byPhone = await multipart(
      { ...APPLICATION, info: '+90 532 111 0002' },
      { tax_plate: ['a.png', 'image/png', PNG] },
    );
    expect((await call(area, 'POST', '/dealer-requests', 'post /dealer-requests', byPhone)).choice?.code).toBe('201');
    expect((await list(area)).list_info.total_count).toBe(5);
  });

  it('refuses a file by its content, not its name or declared type: an HTML page named .png (415)', async () => {
    const area = dealerRequestsArea(contract);
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const asPlate = await multipart(APPLICATION, { tax_plate: ['levha.png', 'image/png', html] });
    expect((await call(area, 'POST', '/dealer-requests', 'post /dealer-requests', asPlate)).choice).toEqual({
      example: 'tax-plate-not-image',
      code: '415',
    });
    const asLogo = await multipart(APPLICATION, {
      tax_plate: ['levha.png', 'image/png', PNG],
      logo: ['logo.jpg', 'image/jpeg', html],
    });
    expect((await call(area, 'POST', '/dealer-requests', 'post /dealer-requests', asLogo)).choice).toEqual({
      example: 'logo-not-image',
      code: '415',
    });
    // A GIF is an image, but not one the contract allows; the PNG signature alone (no IHDR) is no PNG either.
    for (const data of [Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), PNG.subarray(0, 8)]) {
      const other = await multipart(APPLICATION, { tax_plate: ['a.png', 'image/png', data] });
      expect((await call(area, 'POST', '/dealer-requests', 'post /dealer-requests', other)).choice?.code).toBe('415');
    }
    // Nothing was stored, and the contract has the refusals the mock names.
    expect((await list(area)).list_info.total_count).toBe(4);
    const create = contract.operations.find((op) => op.method === 'post' && op.path === '/dealer-requests')!;
    const examples = contract.responseExamples(create);
    for (const name of ['tax-plate-not-image', 'logo-not-image', 'tax-plate-too-large', 'logo-too-large']) {
      expect(examples.get(name)?.status, name).toBe(name.endsWith('image') ? '415' : '413');
    }
  });

  it("refuses a file above the contract's size limit (413), even a real image", async () => {
    const area = dealerRequestsArea(contract);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)]);
    const request = await multipart(APPLICATION, { tax_plate: ['levha.png', 'image/png', big] });
    expect((await call(area, 'POST', '/dealer-requests', 'post /dealer-requests', request)).choice).toEqual({
      example: 'tax-plate-too-large',
      code: '413',
    });
    const justUnder = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - 1 - PNG.length)]);
    const fits = await multipart(APPLICATION, { tax_plate: ['levha.png', 'image/png', justUnder] });
    expect((await call(area, 'POST', '/dealer-requests', 'post /dealer-requests', fits)).choice?.code).toBe('201');
  });

  it('keeps a real image and serves it with the type of its content and nosniff, not as an attachment', async () => {
    const area = dealerRequestsArea(contract);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
    // A JPEG sent as `logo.png` typed image/png is a JPEG: the server goes by its bytes.
    const request = await multipart(APPLICATION, {
      tax_plate: ['levha.png', 'application/octet-stream', PNG],
      logo: ['logo.png', 'image/png', jpeg],
    });
    const { choice, body } = await call(area, 'POST', '/dealer-requests', 'post /dealer-requests', request);
    expect(choice?.code).toBe('201');
    const created = (body as { data: Row }).data;
    expect(created.logo_link).toMatch(/\/45\/logo\.jpg\?/);
    for (const [link, type, data] of [
      [created.tax_plate_link, 'image/png', PNG],
      [created.logo_link!, 'image/jpeg', jpeg],
    ] as const) {
      const { served } = await open(area, link);
      expect(served?.status).toBe(200);
      expect(served?.headers).toMatchObject({ 'content-type': type, 'x-content-type-options': 'nosniff' });
      expect(served?.headers?.['content-disposition']).toBeUndefined();
      expect(served?.body?.equals(data)).toBe(true);
    }
  });

  it('serves anything that is not an image as an attachment of no particular type', () => {
    expect(servedHeaders(Buffer.from('<html></html>'))).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment',
      'x-content-type-options': 'nosniff',
    });
    expect(servedHeaders(PNG)['content-type']).toBe('image/png');
  });

  it('approves once, with an unused code; rejects only a pending request', async () => {
    const area = dealerRequestsArea(contract);
    const approve = (id: number, code: string) =>
      call(
        area,
        'POST',
        `/dealer-requests/${id}/approve`,
        'post /dealer-requests/{id}/approve',
        areaRequest({ params: { id: String(id) }, body: { id, state: 1, code } }),
      );
    const reject = (id: number) =>
      call(
        area,
        'POST',
        `/dealer-requests/${id}/reject`,
        'post /dealer-requests/{id}/reject',
        areaRequest({ params: { id: String(id) }, body: { id, state: 2 } }),
      );

    expect((await approve(42, 'ist034')).choice).toEqual({ example: 'code-in-use', code: '400' });
    expect((await list(area, 'state=0')).data.map((row) => row.id)).toEqual([44, 42]);
    expect((await approve(42, 'ANK006')).choice).toEqual({ example: 'success', code: '200' });
    expect((await list(area, 'state=1')).data.map((row) => row.id)).toEqual([42, 41]);
    expect((await approve(42, 'ANK007')).choice).toEqual({ example: 'not-pending', code: '400' });
    expect((await reject(42)).choice).toEqual({ example: 'not-pending', code: '400' });
    expect((await reject(99)).choice).toEqual({ code: '404' });
    // The contract's reject example rejects 44 (pending; 43 was rejected already).
    expect((await reject(44)).choice).toEqual({ example: 'success', code: '200' });
    expect((await reject(43)).choice).toEqual({ example: 'not-pending', code: '400' });

    const created = await multipart(APPLICATION, { tax_plate: ['a.png', 'image/png', PNG] });
    await call(area, 'POST', '/dealer-requests', 'post /dealer-requests', created);
    expect((await approve(45, 'ank006')).choice?.example).toBe('code-in-use');
    expect((await reject(45)).choice).toEqual({ example: 'success', code: '200' });
    expect((await list(area, 'state=2')).data.map((row) => row.id)).toEqual([45, 44, 43]);

    area.reset!();
    expect((await list(area)).data.map((row) => [row.id, row.state])).toEqual([
      [44, 0],
      [43, 2],
      [42, 0],
      [41, 1],
    ]);
  });

  it('leaves the operations of other areas alone', () => {
    const area = dealerRequestsArea(contract);
    expect(area.choose!('get /orders', areaRequest())).toBeUndefined();
    const payload = Buffer.from('{"data":[]}');
    expect(area.answer!('get /orders', areaRequest(), payload)).toBe(payload);
  });
});
