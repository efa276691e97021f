import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { User, UserListResponse } from '@generated/api/types.gen.ts';
import { createContractAjv, type JsonObject } from '../tests/contract/contract-loader.ts';
import { generatedUser, MOCK_USER_COUNT, mockUsers, pageUsers, searchFold } from './user-list.ts';

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as JsonObject;
type Examples = Record<string, { value: UserListResponse }>;
const examples = (
  contract as unknown as {
    paths: Record<string, { get: { responses: { 200: { content: { 'application/json': { examples: Examples } } } } } }>;
  }
).paths['/user/getuserlist']!.get.responses[200].content['application/json'].examples;
const prismAnswer = Buffer.from(JSON.stringify(examples.default!.value));

const page = (query: string): UserListResponse =>
  JSON.parse(pageUsers(prismAnswer, new URLSearchParams(query)).toString('utf8')) as UserListResponse;

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

  it('passes an answer that is not a user list through', () => {
    const error = Buffer.from(JSON.stringify({ message: 'Yetkisiz', status: 'Error' }));
    expect(pageUsers(error, new URLSearchParams('limit=5'))).toBe(error);
  });
});
