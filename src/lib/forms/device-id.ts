/**
 * A panel's device id as a person types it (adding a panel, resetting one): digits only (an IMEI-style number: no
 * sign, no spaces, no decimal point) forming a whole number of at least the contract's DevId minimum.
 */
import { DevIdSchema } from '@generated/api/schemas.gen.ts';

/** The device id as typed, or undefined when it is not one. */
export function parseDeviceId(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[0-9]+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= DevIdSchema.minimum ? value : undefined;
}
