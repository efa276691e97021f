/**
 * The mock's second factor (proposed; TOTP, RFC 6238, with the `otpauth` library): a secret per account, pending until
 * a first code confirms it, ten one-time recovery codes kept as hashes, the last accepted step (a code is accepted
 * once), and the sign-in's challenges. The numbers are the contract's root `x-second-factor`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Contract } from '../contract.ts';
import { idValue } from '../ids.ts';

export interface SecondFactorRules {
  userTypes: number[];
  digits: number;
  periodSeconds: number;
  window: number;
  challengeMinutes: number;
  enrolmentMinutes: number;
  recoveryCodes: number;
}

/** The contract's `x-second-factor`; throws when a number is missing (a contract bug). */
export function secondFactorRules(contract: Contract): SecondFactorRules {
  const root = contract.document['x-second-factor'] as Record<string, unknown> | undefined;
  const number = (name: string): number => {
    const value = root?.[name];
    if (typeof value !== 'number') throw new Error(`x-second-factor.${name} must be a number`);
    return value;
  };
  const userTypes = root?.userTypes;
  if (!Array.isArray(userTypes)) throw new Error('x-second-factor.userTypes must be a list');
  return {
    userTypes: userTypes.map(Number),
    digits: number('digits'),
    periodSeconds: number('periodSeconds'),
    window: number('window'),
    challengeMinutes: number('challengeMinutes'),
    enrolmentMinutes: number('enrolmentMinutes'),
    recoveryCodes: number('recoveryCodes'),
  };
}

interface Account {
  pending?: { totp: TOTP; since: number };
  totp?: TOTP;
  /** The step of the last accepted code: a code of this step or before is a replay. */
  lastStep: number;
  /** Hashes of the unused recovery codes. */
  recovery: Set<string>;
}

export interface Challenge {
  userId: number;
  /** The account claims of the session the right code opens. */
  claims: Record<string, unknown>;
  until: number;
}

const MINUTE = 60_000;
const hash = (code: string): string => createHash('sha256').update(code).digest('base64url');
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const recoveryCode = (): string => {
  const chars = [...randomBytes(10)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

export class SecondFactorStore {
  private accounts = new Map<number, Account>();
  private challenges = new Map<string, Challenge>();
  /** The administrators' policy (`PUT /settings/second-factor-policy`): a second factor required of `userTypes`. */
  required = false;

  constructor(
    readonly rules: SecondFactorRules,
    private readonly now: () => number = Date.now,
  ) {}

  private totpOf(label: string, secret: Secret): TOTP {
    const { digits, periodSeconds: period } = this.rules;
    return new TOTP({ issuer: 'Alarm Console', label, algorithm: 'SHA1', digits, period, secret });
  }

  private account(userId: number): Account {
    let account = this.accounts.get(userId);
    if (!account) this.accounts.set(userId, (account = { lastStep: -1, recovery: new Set() }));
    return account;
  }

  /** Whether an account of this type may have a second factor. */
  allows(userType: unknown): boolean {
    return this.rules.userTypes.includes(Number(userType));
  }

  /** Whether a session of this account must enrol before anything else (the policy on, the account without one). */
  mustEnrol(claims: { UserType?: unknown; user_id?: unknown }): boolean {
    return this.required && this.allows(claims.UserType) && !this.enabled(idValue(claims.user_id));
  }

  enabled(userId: number): boolean {
    return this.accounts.get(userId)?.totp !== undefined;
  }

  recoveryLeft(userId: number): number {
    return this.accounts.get(userId)?.recovery.size ?? 0;
  }

  /** A new pending secret (replacing a pending one): its base32 text and `otpauth://` URI. */
  start(userId: number, username: string): { secret: string; otpauth_uri: string } {
    const totp = this.totpOf(username, new Secret({ size: 20 }));
    this.account(userId).pending = { totp, since: this.now() };
    return { secret: totp.secret.base32, otpauth_uri: totp.toString() };
  }

  /** Whether `code` is a current code of `totp` not accepted before (then it is the last accepted one). */
  private accept(account: Account, totp: TOTP, code: string): boolean {
    const timestamp = this.now();
    const delta = totp.validate({ token: code, timestamp, window: this.rules.window });
    if (delta === null) return false;
    const step = Math.floor(timestamp / 1000 / this.rules.periodSeconds) + delta;
    if (step <= account.lastStep) return false;
    account.lastStep = step;
    return true;
  }

  /** A first code of the pending secret turns it on: the recovery codes, once; undefined when it is wrong. */
  confirm(userId: number, code: string): string[] | undefined {
    const account = this.account(userId);
    const pending = account.pending;
    if (!pending || this.now() - pending.since > this.rules.enrolmentMinutes * MINUTE) return undefined;
    if (!this.accept(account, pending.totp, code)) return undefined;
    const codes = Array.from({ length: this.rules.recoveryCodes }, recoveryCode);
    account.totp = pending.totp;
    delete account.pending;
    account.recovery = new Set(codes.map(hash));
    return codes;
  }

  /** A current code, or an unused recovery code (spent by this), of the account's second factor. */
  check(userId: number, proof: { code?: unknown; recovery_code?: unknown }): boolean {
    const account = this.accounts.get(userId);
    if (!account?.totp) return false;
    if (typeof proof.code === 'string') return this.accept(account, account.totp, proof.code);
    if (typeof proof.recovery_code !== 'string') return false;
    return account.recovery.delete(hash(proof.recovery_code));
  }

  /** Turns the second factor off (the caller checked a code). */
  disable(userId: number): void {
    this.accounts.delete(userId);
  }

  /** A new challenge of the sign-in's second step for `userId`, opening a session with `claims`. */
  challenge(userId: number, claims: Record<string, unknown>): { challenge: string; expires_in: number } {
    const challenge = randomBytes(32).toString('base64url');
    const seconds = this.rules.challengeMinutes * 60;
    this.challenges.set(challenge, { userId, claims, until: this.now() + seconds * 1000 });
    return { challenge, expires_in: seconds };
  }

  /** The live challenge named, if any. */
  challengeOf(challenge: unknown): Challenge | undefined {
    const found = typeof challenge === 'string' ? this.challenges.get(challenge) : undefined;
    return found && found.until > this.now() ? found : undefined;
  }

  spend(challenge: string): void {
    this.challenges.delete(challenge);
  }

  reset(): void {
    this.required = false;
    this.accounts.clear();
    this.challenges.clear();
  }
}
