import { operationKeys } from '@generated/api/operations.ts';
import { describe, expect, it } from 'vitest';
import { servedHeaders } from '../dealer-files.ts';
import { dealerRequestsArea } from '../areas/dealer-requests.ts';
import { APPLICATION, call, contract, list, multipart, open, PNG, type Row } from './test-kit.ts';

describe("the dealer requests' files on the mock", () => {
  it('refuses a file by its content, not its name or declared type: an HTML page named .png (415)', async () => {
    const area = dealerRequestsArea(contract);
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const asPlate = await multipart(APPLICATION, { tax_plate: ['levha.png', 'image/png', html] });
    expect((await call(area, 'POST', '/dealer-requests', operationKeys.createDealerRequest, asPlate)).choice).toEqual({
      example: 'tax-plate-not-image',
      code: '415',
    });
    const asLogo = await multipart(APPLICATION, {
      tax_plate: ['levha.png', 'image/png', PNG],
      logo: ['logo.jpg', 'image/jpeg', html],
    });
    expect((await call(area, 'POST', '/dealer-requests', operationKeys.createDealerRequest, asLogo)).choice).toEqual({
      example: 'logo-not-image',
      code: '415',
    });
    // A GIF is an image, but not one the contract allows; the PNG signature alone (no IHDR) is no PNG either.
    for (const data of [Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), PNG.subarray(0, 8)]) {
      const other = await multipart(APPLICATION, { tax_plate: ['a.png', 'image/png', data] });
      expect(
        (await call(area, 'POST', '/dealer-requests', operationKeys.createDealerRequest, other)).choice?.code,
      ).toBe('415');
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
    expect((await call(area, 'POST', '/dealer-requests', operationKeys.createDealerRequest, request)).choice).toEqual({
      example: 'tax-plate-too-large',
      code: '413',
    });
    const justUnder = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - 1 - PNG.length)]);
    const fits = await multipart(APPLICATION, { tax_plate: ['levha.png', 'image/png', justUnder] });
    expect((await call(area, 'POST', '/dealer-requests', operationKeys.createDealerRequest, fits)).choice?.code).toBe(
      '201',
    );
  });

  it('keeps a real image and serves it with the type of its content and nosniff, not as an attachment', async () => {
    const area = dealerRequestsArea(contract);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
    // A JPEG sent as `logo.png` typed image/png is a JPEG: the server goes by its bytes.
    const request = await multipart(APPLICATION, {
      tax_plate: ['levha.png', 'application/octet-stream', PNG],
      logo: ['logo.png', 'image/png', jpeg],
    });
    const { choice, body } = await call(area, 'POST', '/dealer-requests', operationKeys.createDealerRequest, request);
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
});
