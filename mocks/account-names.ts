/**
 * Which account a name given before sign-in means (the sign-in's user name, `forgetPassword`'s `info` …): the mock's
 * user names are those of the contract's sign-in examples (`admin`, `dealer`, `user`, `olduser`, `nosub`: each
 * example's token names its `user_id`), and an account is also named by its e-mail address or phone number (the
 * mock's one store of accounts). Names compare without letter case or surrounding spaces. The attempt limits count a
 * known account once, whichever of its names is given (`accountKey`); an unknown name counts as given.
 */
import type { User } from '@generated/api/types.gen.ts';
import type { MockAccess } from './access.ts';
import { tokenClaims } from './area.ts';
import type { Contract } from './contract.ts';

const fold = (name: string): string => name.trim().toLocaleLowerCase('en');

export class AccountNames {
  private readonly userIds = new Map<string, number>();

  constructor(
    contract: Contract,
    private readonly access: MockAccess,
  ) {
    for (const [name, { status }] of contract.responseExamples(contract.byId('login'))) {
      if (status !== '200') continue;
      const id = tokenClaims(contract.exampleToken(name)).user_id;
      if (typeof id === 'number') this.userIds.set(fold(name), id);
    }
  }

  /** The account a name means, if any (deleted accounts are no account). */
  account(name: string): User | undefined {
    const wanted = fold(name);
    if (!wanted) return undefined;
    const id = this.userIds.get(wanted);
    if (id !== undefined) return this.access.account(id);
    return this.access.users
      .all()
      .find((user) => fold(user.email) === wanted || (user.Phonenumber !== '' && user.Phonenumber === wanted));
  }

  /** The attempt limits' `account` key of a name: the account when one has it, else the name as given. */
  accountKey(name: string): string {
    const account = this.account(name);
    return account ? `account ${account.id}` : `name ${fold(name)}`;
  }
}
