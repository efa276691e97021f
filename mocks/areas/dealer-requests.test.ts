import { operationKeys } from '@generated/api/operations.ts';
import { describe, expect, it } from 'vitest';
import { dealerRequestsArea } from './dealer-requests.ts';
import {
  APPLICATION,
  areaRequest,
  call,
  CONSOLE,
  contract,
  list,
  multipart,
  open,
  PNG,
  type Row,
} from '../dealer-requests/test-kit.ts';

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
    const { choice, body } = await call(area, 'POST', '/dealer-requests', operationKeys.createDealerRequest, request);
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
    expect((await call(area, 'POST', '/dealer-requests', operationKeys.createDealerRequest, noPlate)).choice).toEqual({
      example: 'missing-tax-plate',
      code: '400',
    });
    const unknown = await multipart(
      { ...APPLICATION, info: 'nobody@example.com' },
      { tax_plate: ['a.png', 'image/png', PNG] },
    );
    expect((await call(area, 'POST', '/dealer-requests', operationKeys.createDealerRequest, unknown)).choice).toEqual({
      example: 'unknown-user',
      code: '400',
    });
    // A phone number works as well as an e-mail.
    const byPhone = await multipart(
      { ...APPLICATION, info: '+90 532 111 0002' },
      { tax_plate: ['a.png', 'image/png', PNG] },
    );
    expect(
      (await call(area, 'POST', '/dealer-requests', operationKeys.createDealerRequest, byPhone)).choice?.code,
    ).toBe('201');
    expect((await list(area)).list_info.total_count).toBe(5);
  });

  it('approves once, with an unused code; rejects only a pending request', async () => {
    const area = dealerRequestsArea(contract);
    const approve = (id: number, code: string) =>
      call(
        area,
        'POST',
        `/dealer-requests/${id}/approve`,
        operationKeys.approveDealerRequest,
        areaRequest({ params: { id: String(id) }, body: { id, state: 1, code } }),
      );
    const reject = (id: number) =>
      call(
        area,
        'POST',
        `/dealer-requests/${id}/reject`,
        operationKeys.rejectDealerRequest,
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
    await call(area, 'POST', '/dealer-requests', operationKeys.createDealerRequest, created);
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
    expect(area.choose!(operationKeys.getOrders, areaRequest())).toBeUndefined();
    const payload = Buffer.from('{"data":[]}');
    expect(area.answer!(operationKeys.getOrders, areaRequest(), payload)).toBe(payload);
  });
});
