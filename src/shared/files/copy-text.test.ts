import { describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';

describe('copying a code', () => {
  it('writes the text and says it worked', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    await expect(copyText('PRM-7Q2K-91XA', { writeText })).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('PRM-7Q2K-91XA');
  });

  it('says so when the browser refuses or has no clipboard', async () => {
    const writeText = vi.fn(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    await expect(copyText('X', { writeText })).resolves.toBe(false);
    await expect(copyText('X', undefined)).resolves.toBe(false);
  });
});
