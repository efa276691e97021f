/**
 * The mock's accounts: the user list (`GET /user/getuserlist`) and every call that reads or changes an account act on
 * one store per mock process (`UserStore`). It starts from the contract's five example users (the answer of the user
 * list's `default` example) and adds a deterministic, generated population behind them, so a page of up to 1000 users
 * (the largest page the contract allows) can be asked for, searched and paged like a real installation's list. Every
 * generated user is valid against the contract's `User` schema (mocks/db/user-list.test.ts checks every page).
 *
 * - `limit` (default 10) and `offset` (default 0) cut the page; `list_info` says the total that matches.
 * - `search` keeps the users whose name, e-mail, phone or dealer code contains it, ignoring case and Turkish
 *   letters' marks (`ozturk` finds "Öztürk", `IST` finds dealer code IST034); empty means no filter.
 * - What the calls change shows in the list and in the reads by id: an account added (`addUser`, the next free id,
 *   listed last), saved (`updateUser`), activated or deactivated (`setUserActiveStatus`), deleted (`deleteAppUser`:
 *   gone from the list and from every reach, so later calls naming it answer 404) and subscriptions moved
 *   (`moveSubscriptions`). The mock's `areas/reset` control puts the examples back.
 */
import type { User, UserListResponse } from '@generated/api/types.gen.ts';
import { foldText } from '../../rules/fold-text.ts';
import type { Contract } from '../contract.ts';
import { pageAsked, pageOf } from './paging.ts';
import { AccountPasswords } from './account-passwords.ts';

/** Users in the mock's list: the contract's five examples and the generated ones after them. */
export const MOCK_USER_COUNT = 5000;

const FIRST = ['Ahmet', 'Ayşe', 'Mehmet', 'Fatma', 'Mustafa', 'Emine', 'Ali', 'Hatice', 'Hüseyin', 'Zeynep', 'İbrahim'];
const LAST = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Aydın', 'Öztürk', 'Arslan', 'Doğan', 'Koç'];
const DEALER_CODES = ['IST034', '', 'ANK006', 'IZM035', 'IST034', 'BRS016', ''];
const PLANS = [
  { plan_id: 1, plan_title: 'Standart' },
  { plan_id: 2, plan_title: 'Premium' },
] as const;

/** Lower case without marks, Turkish dotted and dotless i alike: what the search compares (as the console's own). */
export const searchFold = foldText;

const ascii = (text: string) => searchFold(text).replace(/[^a-z]/g, '');

/** The generated user with this id (6 and above): mostly active end users, some dealers, a few administrators. */
export function generatedUser(id: number): User {
  const first = FIRST[id % FIRST.length]!;
  const last = LAST[(id * 7) % LAST.length]!;
  const plan = PLANS[id % 2]!;
  const end = new Date(Date.UTC(2026 + (id % 3), id % 12, 1 + (id % 28), 23, 59, 59));
  return {
    id,
    name: `${first} ${last}`,
    email: `${ascii(first)}.${ascii(last)}.${id}@example.com`,
    Phonenumber: `90532${String(id).padStart(7, '0')}`,
    Dealercode: DEALER_CODES[id % DEALER_CODES.length]!,
    user_type: id % 50 === 0 ? 2 : id % 10 === 0 ? 1 : 0,
    active: id % 9 !== 4,
    subscribes: id % 3 === 0 ? [] : [{ id: 10_000 + id, ...plan, end_date: end.toISOString().replace('.000', '') }],
    state: id % 13 === 6 ? 0 : id % 17 === 8 ? 2 : 1,
  };
}

let cached: { examples: string; users: User[] } | undefined;

/** The whole list: the example users first (as Prism answered them), then generated ones up to the count. */
export function mockUsers(examples: readonly User[]): User[] {
  const key = JSON.stringify(examples);
  if (cached?.examples === key) return cached.users;
  const users = [...examples];
  const taken = new Set(users.map((user) => user.id));
  for (let id = 1; users.length < MOCK_USER_COUNT; id++) if (!taken.has(id)) users.push(generatedUser(id));
  cached = { examples: key, users };
  return users;
}

/** The users matching `search` (all of them when it is empty). */
export function searchUsers(users: readonly User[], search: string): readonly User[] {
  const needle = searchFold(search.trim());
  if (!needle) return users;
  return users.filter((user) =>
    [user.name, user.email, user.Phonenumber, user.Dealercode].some((field) => searchFold(field).includes(needle)),
  );
}

/** The page `query` asks for (`limit`, `offset`, `search`) of `users`. */
export function pageUsers(users: readonly User[], query: URLSearchParams): UserListResponse {
  return pageOf(searchUsers(users, query.get('search') ?? ''), pageAsked(query));
}

/** What an administrator or a dealer gives of an account (`addUser`, `updateUser`), in the record's own names. */
export type AccountFields = Pick<User, 'name' | 'email' | 'Phonenumber' | 'Dealercode' | 'user_type'>;

/** E-mail addresses compare without letter case. */
const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The accounts of one mock process, in list order (see the top of this file). */
export class UserStore {
  private users = new Map<number, User>();
  private nextId = 1;
  /** The accounts' passwords (mocks/db/account-passwords.ts): one-time ones, and those their owners chose. */
  readonly passwords = new AccountPasswords();

  constructor(private readonly examples: readonly User[]) {
    this.reset();
  }

  /** Back to the examples and the generated population, nothing added, changed or deleted. */
  reset(): void {
    this.users = new Map(mockUsers(this.examples).map((user) => [user.id, structuredClone(user)]));
    this.nextId = Math.max(0, ...this.users.keys()) + 1;
    this.passwords.clear();
  }

  get(id: number): User | undefined {
    return this.users.get(id);
  }

  /** Every account, in list order. */
  all(): User[] {
    return [...this.users.values()];
  }

  /** Whether an account other than `except` has the e-mail address. */
  emailTaken(email: string, except?: number): boolean {
    for (const user of this.users.values()) if (user.id !== except && sameEmail(user.email, email)) return true;
    return false;
  }

  /** A new account: active, without subscriptions, with the next free id (ids are never given twice). */
  add(fields: AccountFields): User {
    const user: User = { id: this.nextId++, ...fields, active: true, subscribes: [], state: 1 };
    this.users.set(user.id, user);
    return user;
  }

  /** Saves what an edit gives; undefined for an unknown id. */
  update(id: number, fields: AccountFields): User | undefined {
    const user = this.users.get(id);
    if (user) Object.assign(user, fields);
    return user;
  }

  setActive(id: number, active: boolean): void {
    const user = this.users.get(id);
    if (user) user.active = active;
  }

  remove(id: number): boolean {
    this.passwords.forget(id);
    return this.users.delete(id);
  }

  /** The account with this e-mail address (compared without letter case): what an added account signs in with. */
  byEmail(email: string): User | undefined {
    for (const user of this.users.values()) if (sameEmail(user.email, email)) return user;
    return undefined;
  }

  /** Every subscription of `from` joins those of `to` (ids, plans and end dates as they were): how many moved. */
  moveSubscriptions(from: number, to: number): number {
    const source = this.users.get(from);
    const target = this.users.get(to);
    if (!source || !target || from === to) return 0;
    const moved = source.subscribes;
    target.subscribes = [...target.subscribes, ...moved];
    source.subscribes = [];
    return moved.length;
  }
}

/** The mock's accounts as the contract's examples start them (the user list's `default` example first). */
export const exampleUserStore = (contract: Contract): UserStore =>
  new UserStore(
    (
      contract.responseExamples(contract.byId('getUserList')).get('default')?.example.value as
        { data?: User[] } | undefined
    )?.data ?? [],
  );
