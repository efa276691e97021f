import { describe, expect, it } from 'vitest';
import { compareVersions, isDowngrade } from './firmware-versions.ts';

describe('firmware versions compared as the contract says', () => {
  it('compares number by number, not as text', () => {
    expect(compareVersions('3.4.1', '3.4.2')).toBe(-1);
    expect(compareVersions('3.10.0', '3.9.9')).toBe(1);
    expect(compareVersions('3.4', '3.4.0')).toBe(0);
    expect(compareVersions('3.5.0', '3.4.2')).toBe(1);
  });

  it('calls a panel on a newer version a downgrade, the same or an older one not', () => {
    expect(isDowngrade('3.4.2', '3.4.1')).toBe(true);
    expect(isDowngrade('3.4.1', '3.4.1')).toBe(false);
    expect(isDowngrade('3.2.0', '3.4.1')).toBe(false);
    expect(isDowngrade('', '3.4.1')).toBe(false);
  });
});
