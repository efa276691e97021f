/**
 * The mock's user list (`GET /user/getuserlist`). Prism answers the contract's example (the five accounts of the
 * example installation); the front keeps those five as the first users and adds a deterministic, generated
 * population behind them, so a page of up to 1000 users (the largest page the contract allows) can be asked for,
 * searched and paged like a real installation's list. Every generated user is valid against the contract's `User`
 * schema (mocks/user-list.test.ts checks every page).
 *
 * - `limit` (default 10) and `offset` (default 0) cut the page; `list_info` says the total that matches.
 * - `search` keeps the users whose name, e-mail, phone or dealer code contains it, ignoring case and Turkish
 *   letters' marks (`ozturk` finds "Öztürk", `IST` finds dealer code IST034); empty means no filter.
 * The list is the same on every call (nothing the administration calls do changes it: the mock is stateless).
 */
import type { User } from '@generated/api/types.gen.ts';

/** Users in the mock's list: the contract's five examples and the generated ones after them. */
export const MOCK_USER_COUNT = 5000;

const FIRST = ['Ahmet', 'Ayşe', 'Mehmet', 'Fatma', 'Mustafa', 'Emine', 'Ali', 'Hatice', 'Hüseyin', 'Zeynep', 'İbrahim'];
const LAST = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Aydın', 'Öztürk', 'Arslan', 'Doğan', 'Koç'];
const DEALER_CODES = ['IST034', '', 'ANK006', 'IZM035', 'IST034', 'BRS016', ''];
const PLANS = [
  { plan_id: 1, plan_title: 'Standart' },
  { plan_id: 2, plan_title: 'Premium' },
] as const;

/** Lower case without marks, Turkish dotted and dotless i alike: what the search compares. */
export const searchFold = (text: string): string =>
  text
    .toLocaleLowerCase('tr')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i');

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

const whole = (raw: string | null, fallback: number, minimum: number): number => {
  const value = raw === null || raw.trim() === '' ? fallback : Number(raw);
  return Number.isSafeInteger(value) && value >= minimum ? value : fallback;
};

/** The users matching `search` (all of them when it is empty). */
export function searchUsers(users: readonly User[], search: string): readonly User[] {
  const needle = searchFold(search.trim());
  if (!needle) return users;
  return users.filter((user) =>
    [user.name, user.email, user.Phonenumber, user.Dealercode].some((field) => searchFold(field).includes(needle)),
  );
}

/**
 * The page the query asks for, from Prism's answer (whose `data` are the example users), of the users `visible` keeps
 * (the caller's reach: a dealer lists the users of their dealer code). An answer that is not a user list (an error,
 * another example chosen on purpose) is returned as it is.
 */
export function pageUsers(
  payload: Buffer,
  query: URLSearchParams,
  visible: (user: User) => boolean = () => true,
): Buffer {
  let answer: { data?: unknown };
  try {
    answer = JSON.parse(payload.toString('utf8')) as { data?: unknown };
  } catch {
    return payload;
  }
  if (!Array.isArray(answer.data)) return payload;
  const limit = whole(query.get('limit'), 10, 1);
  const offset = whole(query.get('offset'), 0, 0);
  const matching = searchUsers(mockUsers(answer.data as User[]).filter(visible), query.get('search') ?? '');
  const data = matching.slice(offset, offset + limit);
  return Buffer.from(JSON.stringify({ data, list_info: { total_count: matching.length, limit, offset } }));
}
