/** What the person typed at the sign-in's second step: a code of the app or a recovery code (the contract's rules). */
import { RecoveryCodeSchema, TotpCodeSchema } from '@generated/api/schemas.gen.ts';

const totp = new RegExp(TotpCodeSchema.pattern);
const recovery = new RegExp(RecoveryCodeSchema.pattern);

/** Whether `typed` is a code of the authenticator app, by the contract's pattern. */
export const isTotpCode = (typed: string): boolean => totp.test(typed);

/** How many digits an app's code has (the contract's pattern). */
export const TOTP_DIGITS = Number(/\{(\d+)\}/.exec(TotpCodeSchema.pattern)?.[1] ?? 6);

/** The request's proof for `typed`, or undefined while it is neither form. */
export function secondFactorProof(typed: string): { code: string } | { recovery_code: string } | undefined {
  const value = typed.replace(/\s+/g, '');
  if (totp.test(value)) return { code: value };
  const lower = value.toLowerCase();
  return recovery.test(lower) ? { recovery_code: lower } : undefined;
}
