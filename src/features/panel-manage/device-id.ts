/**
 * The device id typed in the reset-panel dialog: a whole number of at least the contract's DevId minimum
 * (`DevIdSchema`), written in digits only (an IMEI-style number: no sign, no spaces, no decimal point).
 */
import { DevIdSchema } from '@generated/api/schemas.gen.ts';

export function parseDeviceId(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[0-9]+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= DevIdSchema.minimum ? value : undefined;
}
