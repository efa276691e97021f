import { describe, expect, it } from 'vitest';
import { DevIdSchema } from '@generated/api/schemas.gen.ts';
import { addPanelErrors, codeRequestErrors, deviceIdError, parseDeviceId, renamePanelErrors } from './validation.ts';

describe('panel list form rules', () => {
  it('takes a device id of digits, at least the contract minimum', () => {
    expect(parseDeviceId(' 864215040056789 ')).toBe(864215040056789);
    expect(parseDeviceId(String(DevIdSchema.minimum))).toBe(DevIdSchema.minimum);
    expect(parseDeviceId(String(DevIdSchema.minimum - 1))).toBeUndefined();
    expect(parseDeviceId('86421504005678x')).toBeUndefined();
    expect(parseDeviceId('-5')).toBeUndefined();
    expect(parseDeviceId('')).toBeUndefined();
    // Beyond the safe integers a number would be sent rounded: refused rather than changed.
    expect(parseDeviceId('99999999999999999')).toBeUndefined();
    expect(deviceIdError('abc')).toBe('panels.list.add.deviceIdInvalid');
    expect(deviceIdError('864215040056789')).toBeUndefined();
  });

  it('needs a description (spaces alone are none)', () => {
    expect(codeRequestErrors('   ')).toEqual({ description: 'panels.list.add.descriptionRequired' });
    expect(codeRequestErrors('Villa Çeşme')).toEqual({});
    expect(renamePanelErrors('')).toEqual({ description: 'panels.list.rename.required' });
    expect(renamePanelErrors('Yazlık Bodrum Villa')).toEqual({});
  });

  it('takes a code of digits only', () => {
    expect(addPanelErrors('Villa', '')).toEqual({ code: 'panels.list.add.codeRequired' });
    expect(addPanelErrors('Villa', '48a913')).toEqual({ code: 'panels.list.add.codeDigits' });
    expect(addPanelErrors('Villa', ' 482913 ')).toEqual({});
  });
});
