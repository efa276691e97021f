/**
 * The mock's passwords, kept beside its accounts (`UserStore.passwords`, mocks/db/user-list.ts), and the rules the
 * contract states for them, read from the contract once:
 *  - the password policy of `NewPassword`: at least `minLength` characters and not one of the common passwords of the
 *    list its `x-password-policy.notCommon` names (`@zxcvbn-ts/language-common`'s `passwords-common`, compared
 *    without letter case);
 *  - the one-time password of `OneTimePassword` (`x-one-time-password`: `length` characters, valid `lifetimeHours`):
 *    made by `addUser` and `changePassToDefault`, it signs in once-and-again until it expires, and the account must
 *    change it before any other call (mocks/access.ts refuses them with 403 `password-change-required`).
 * An account without a password here (the contract's five example accounts, until one is changed or reset) signs in
 * with any password, as the quick start says. Passwords are kept only as salted hashes.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { Contract, JsonObject } from '../contract.ts';

/** Why a chosen password is refused (the name of the contract's 400 example). */
export type PolicyRefusal = 'password-too-short' | 'password-too-common';

export interface PasswordPolicy {
  minLength: number;
  /** The package whose common password list is meant (`x-password-policy.notCommon`). */
  listName: string;
  refusal(password: string): PolicyRefusal | undefined;
}

/** The one list the policy names: the package's `passwords-common` dictionary (lower case). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

const schemaOf = (contract: Contract, name: string): JsonObject => {
  const schemas = (contract.document.components as { schemas?: Record<string, JsonObject> } | undefined)?.schemas;
  const schema = schemas?.[name];
  if (!schema) throw new Error(`The contract has no schema ${name}`);
  return schema;
};

/** The password policy the contract states on `NewPassword`. */
export function passwordPolicy(contract: Contract): PasswordPolicy {
  const schema = schemaOf(contract, 'NewPassword');
  const minLength = schema.minLength;
  const listName = (schema['x-password-policy'] as { notCommon?: unknown } | undefined)?.notCommon;
  if (
    typeof minLength !== 'number' ||
    typeof listName !== 'string' ||
    !listName.includes('@zxcvbn-ts/language-common')
  ) {
    throw new Error('NewPassword states no minLength or no x-password-policy.notCommon list the mock knows');
  }
  return {
    minLength,
    listName,
    refusal: (password) =>
      [...password].length < minLength
        ? 'password-too-short'
        : COMMON_PASSWORDS.has(password.toLowerCase())
          ? 'password-too-common'
          : undefined,
  };
}

export interface OneTimePasswordRules {
  length: number;
  lifetimeHours: number;
}

/** What the contract states of one-time passwords (`OneTimePassword`'s `x-one-time-password`). */
export function oneTimePasswordRules(contract: Contract): OneTimePasswordRules {
  const rules = schemaOf(contract, 'OneTimePassword')['x-one-time-password'] as Partial<OneTimePasswordRules>;
  if (typeof rules?.length !== 'number' || typeof rules.lifetimeHours !== 'number') {
    throw new Error('OneTimePassword states no x-one-time-password length and lifetimeHours');
  }
  return { length: rules.length, lifetimeHours: rules.lifetimeHours };
}

/** Letters and digits without look-alikes (0/O, 1/l/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random one-time password of `length` characters (a cryptographic source). */
export const randomPassword = (length: number): string =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

interface Stored {
  salt: Buffer;
  hash: Buffer;
  /** A one-time password's end (ms); undefined for a password the person chose. */
  oneTimeUntil?: number;
}

const hashOf = (salt: Buffer, password: string) => createHash('sha256').update(salt).update(password).digest();

/** How a password given at sign-in compares with the account's. */
export type PasswordCheck = 'unset' | 'ok' | 'one-time' | 'expired' | 'wrong';

/** The one-time password handed out once: the password and its end. */
export interface IssuedPassword {
  password: string;
  expires_at: string;
}

/** The passwords of the mock's accounts, by account id. */
export class AccountPasswords {
  private readonly stored = new Map<number, Stored>();

  private keep(id: number, password: string, oneTimeUntil?: number): void {
    const salt = randomBytes(16);
    this.stored.set(id, { salt, hash: hashOf(salt, password), oneTimeUntil });
  }

  /** A new one-time password for the account (the one it had stops working). */
  issue(id: number, rules: OneTimePasswordRules, now = Date.now()): IssuedPassword {
    const password = randomPassword(rules.length);
    const until = now + rules.lifetimeHours * 3_600_000;
    this.keep(id, password, until);
    return { password, expires_at: new Date(until).toISOString().replace(/\.\d{3}Z$/, 'Z') };
  }

  /** The password the person chose (ends any one-time password). */
  set(id: number, password: string): void {
    this.keep(id, password);
  }

  has(id: number): boolean {
    return this.stored.has(id);
  }

  /** Whether the account holds a one-time password it must change before anything else. */
  mustChange(id: number): boolean {
    return this.stored.get(id)?.oneTimeUntil !== undefined;
  }

  check(id: number, password: string, now = Date.now()): PasswordCheck {
    const stored = this.stored.get(id);
    if (!stored) return 'unset';
    if (!timingSafeEqual(stored.hash, hashOf(stored.salt, password))) return 'wrong';
    if (stored.oneTimeUntil === undefined) return 'ok';
    return stored.oneTimeUntil > now ? 'one-time' : 'expired';
  }

  forget(id: number): void {
    this.stored.delete(id);
  }

  clear(): void {
    this.stored.clear();
  }
}
