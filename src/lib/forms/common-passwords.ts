/**
 * The common-password half of the contract's password policy (`NewPassword`'s `x-password-policy.notCommon`: the
 * `passwords-common` list of `@zxcvbn-ts/language-common`, compared without letter case). The list is about 200 kB
 * compressed, so it is loaded only by the forms that set a password, once they open (`useCommonPasswords`), never with
 * a route's first paint. Until it has loaded (or if it cannot), the form checks the length only; the server checks
 * both either way.
 */
import { useEffect, useState } from 'react';
import { NewPasswordSchema } from '@generated/api/schemas.gen.ts';

/** The list the contract names; the loader below reads that package, and a unit test keeps the two together. */
export const COMMON_PASSWORD_LIST: string = NewPasswordSchema['x-password-policy'].notCommon;

export type CommonPasswords = ReadonlySet<string>;

let loading: Promise<CommonPasswords> | undefined;

/** The common passwords (lower case), loaded once. */
export function loadCommonPasswords(): Promise<CommonPasswords> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether a password is on the list (compared without letter case); false while the list is not there. */
export const isCommonPassword = (list: CommonPasswords | undefined, password: string): boolean =>
  list?.has(password.toLowerCase()) ?? false;

/** The list, once loaded (a form that sets a password calls this when it opens). */
export function useCommonPasswords(): CommonPasswords | undefined {
  const [list, setList] = useState<CommonPasswords>();
  useEffect(() => {
    let live = true;
    loadCommonPasswords().then(
      (loaded) => live && setList(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return list;
}
