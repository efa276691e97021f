import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { User, UserListResponse } from '@generated/api/types.gen.ts';
import { createContractAjv, type JsonObject } from '../../tests/contract/contract-loader.ts';
import { generatedUser, MOCK_USER_COUNT, mockUsers, pageUsers, searchFold, UserStore } from './user-list.ts';

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as JsonObject;
type Examples = Record<string, { value: UserListResponse }>;
const examples = (
  contract as unknown as {
    paths: Record<string, { get: { responses: { 200: { content: { 'application/json': { examples: Examples } } } } } }>;
  }
).paths['/user/getuserlist']!.get.responses[200].content['application/json'].examples;
const page = (query: string, users: readonly User[] = mockUsers(examples.default!.value.data)): UserListResponse =>
  pageUsers(users, new URLSearchParams(query));

describe('the mock user list', () => {
  it('keeps the contract example users first and generates the rest, the same on every call', () => {
    const users = mockUsers(examples.default!.value.data);
    expect(users).toHaveLength(MOCK_USER_COUNT);
    expect(users.slice(0, 5)).toEqual(examples.default!.value.data);
    expect(new Set(users.map((user) => user.id)).size).toBe(MOCK_USER_COUNT);
    expect(generatedUser(42)).toEqual(generatedUser(42));
  });

  it('answers the page of limit and offset, counting every user', () => {
    expect(page('').data.map((user) => user.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(page('').list_info).toEqual({ total_count: MOCK_USER_COUNT, limit: 10, offset: 0 });
    const big = page('limit=1000&offset=1000');
    expect(big.data).toHaveLength(1000);
    expect(big.data[0]!.id).toBe(1001);
    expect(page(`limit=1000&offset=${MOCK_USER_COUNT - 300}`).data).toHaveLength(300);
    expect(page('limit=1000&offset=0').data).toHaveLength(1000);
    expect(page(`limit=10&offset=${MOCK_USER_COUNT}`).data).toEqual([]);
  });

  it('searches name, e-mail, phone and dealer code, ignoring case and marks', () => {
    const ozturk = page('search=ozturk&limit=1000');
    expect(ozturk.data.length).toBeGreaterThan(1);
    expect(ozturk.data.every((user: User) => searchFold(user.name).includes('ozturk'))).toBe(true);
    expect(ozturk.list_info.total_count).toBe(ozturk.data.length);
    expect(page('search=Can%20%C3%96zt%C3%BCrk').data.map((user) => user.id)).toEqual([5]);
    expect(page('search=admin@example.com').data.map((user) => user.id)).toEqual([1]);
    expect(page('search=905321110003').data.map((user) => user.id)).toEqual([3]);
    expect(page('search=ank006&limit=1000').data.every((user) => user.Dealercode === 'ANK006')).toBe(true);
    expect(page('search=%20%20').list_info.total_count).toBe(MOCK_USER_COUNT);
    expect(page('search=no-such-user')).toEqual({ data: [], list_info: { total_count: 0, limit: 10, offset: 0 } });
  });

  it('answers only pages the contract allows (UserListResponse)', () => {
    const validate = createContractAjv(contract).getSchema('contract#/components/schemas/UserListResponse')!;
    for (let offset = 0; offset < MOCK_USER_COUNT; offset += 1000) {
      const answer = page(`limit=1000&offset=${offset}`);
      expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('is one store: what the calls change shows in the list and the reads, until it is reset', () => {
    const store = new UserStore(examples.default!.value.data);
    const fields = {
      name: 'Deniz Çelik',
      email: 'deniz@example.com',
      Phonenumber: '905321110006',
      Dealercode: 'IST034',
      user_type: 0 as const,
    };
    const added = store.add(fields);
    expect(added).toEqual({ id: MOCK_USER_COUNT + 1, ...fields, active: true, subscribes: [], state: 1 });
    expect(page('search=deniz@example', store.all()).data).toEqual([added]);
    expect(store.emailTaken('DENIZ@example.com ')).toBe(true);
    expect(store.emailTaken('deniz@example.com', added.id)).toBe(false);

    store.update(4, { ...store.get(4)!, name: 'Emre Karadeniz', Phonenumber: '905321110044' });
    expect(page('search=karadeniz', store.all()).data.map((user) => [user.id, user.Phonenumber])).toEqual([
      [4, '905321110044'],
    ]);
    store.setActive(5, true);
    expect(store.get(5)!.active).toBe(true);

    // Subscriptions move whole, and the source keeps none.
    expect(store.moveSubscriptions(4, 3)).toBe(1);
    expect(store.get(3)!.subscribes.map((subscription) => subscription.id)).toEqual([703, 704]);
    expect(store.get(4)!.subscribes).toEqual([]);
    expect(store.moveSubscriptions(3, 3)).toBe(0);

    // A deleted account leaves the list; ids are never given twice.
    expect(store.remove(added.id)).toBe(true);
    expect(page('search=deniz@example', store.all()).list_info.total_count).toBe(0);
    expect(store.add({ ...fields, email: 'deniz2@example.com' }).id).toBe(MOCK_USER_COUNT + 2);

    store.reset();
    expect(store.all()).toEqual(mockUsers(examples.default!.value.data));
    // The generated population the store started from is not changed by the store.
    expect(mockUsers(examples.default!.value.data)[3]!.subscribes).toHaveLength(1);
  });
});
