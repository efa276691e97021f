import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import { checkDealerFile, DEALER_FILE_MAX_BYTES, fileSize, serverFileRefusal } from './dealer-files.ts';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('the dealership files rule', () => {
  it('accepts jpg and png images under 1 MB', () => {
    expect(checkDealerFile(file('levha.png', 'image/png', 2048), true)).toBeNull();
    expect(checkDealerFile(file('levha.jpg', 'image/jpeg', DEALER_FILE_MAX_BYTES - 1), true)).toBeNull();
    expect(checkDealerFile(file('LEVHA.JPEG', 'image/jpeg', 10), false)).toBeNull();
  });

  it('refuses other types, whatever the name says', () => {
    expect(checkDealerFile(file('levha.gif', 'image/gif', 10), true)).toBe('type');
    expect(checkDealerFile(file('levha.pdf', 'application/pdf', 10), true)).toBe('type');
    expect(checkDealerFile(file('levha.png', 'image/webp', 10), true)).toBe('type');
  });

  it('goes by the extension when the browser gives no type', () => {
    expect(checkDealerFile(file('levha.png', '', 10), true)).toBeNull();
    expect(checkDealerFile(file('levha.bmp', '', 10), true)).toBe('type');
  });

  it('refuses a file of 1 MB or more', () => {
    expect(DEALER_FILE_MAX_BYTES).toBe(1024 * 1024 - 1);
    expect(checkDealerFile(file('levha.png', 'image/png', DEALER_FILE_MAX_BYTES), true)).toBeNull();
    expect(checkDealerFile(file('levha.png', 'image/png', DEALER_FILE_MAX_BYTES + 1), true)).toBe('size');
    expect(checkDealerFile(file('levha.jpg', 'image/jpeg', 5 * DEALER_FILE_MAX_BYTES), false)).toBe('size');
  });

  it('needs the tax plate but not the logo', () => {
    expect(checkDealerFile(undefined, true)).toBe('required');
    expect(checkDealerFile(undefined, false)).toBeNull();
  });

  it('says sizes in the interface language', () => {
    expect(fileSize(512, 'en')).toBe('512 B');
    expect(fileSize(1536, 'en')).toBe('1.5 KB');
    expect(fileSize(1536, 'tr')).toBe('1,5 KB');
    expect(fileSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
  });

  it("reads the server's refusal of a file (413, 415 naming the part) for the form's field", () => {
    const refusal = (status: number, body: unknown) => new ApiError(status, 'refused', 'Error', body);
    expect(serverFileRefusal(refusal(415, { message: 'x', field: 'tax_plate' }))).toEqual({
      field: 'taxPlate',
      violation: 'content',
    });
    expect(serverFileRefusal(refusal(413, { message: 'x', field: 'logo' }))).toEqual({
      field: 'logo',
      violation: 'size',
    });
    expect(serverFileRefusal(refusal(400, { message: 'x', field: 'logo' }))).toBeUndefined();
    expect(serverFileRefusal(refusal(415, { message: 'x', field: 'toString' }))).toBeUndefined();
    expect(serverFileRefusal(refusal(415, { message: 'x' }))).toBeUndefined();
    expect(serverFileRefusal(new Error('network'))).toBeUndefined();
  });
});
