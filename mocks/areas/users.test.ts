/**
 * The accounts of the mock through its real front and Prism (as the console calls them): the proposed calls act on
 * the one store of accounts that the user list, the reads by id and the access rules read, and refuse what the
 * contract says the backend must refuse; the existing actions change the same store.
 */
import { describe, expect, it } from 'vitest';
import type { SavedUserResult, User, UserListResponse } from '@generated/api/types.gen.ts';
import { CONTRACT_FILE, Contract } from '../contract.ts';
import { callFront } from '../front-call.ts';
import { frontForEachTest } from '../test-front.ts';
import { moveRefusal, userChangeRefusal, type AccountCaller } from './users.ts';

const contract = Contract.load(CONTRACT_FILE);
const front = frontForEachTest(contract);

/** The contract's sign-in token of an example account. */
const tokenOf = (username: string): string => contract.exampleToken(username);

const call = (username: string, method: string, path: string, body?: object) =>
  callFront(front.url, tokenOf(username), method, path, body);

const list = async (username: string, search: string) =>
  (await call(username, 'GET', `/user/getuserlist?limit=1000&search=${encodeURIComponent(search)}`))
    .body as unknown as UserListResponse;
const read = async (username: string, id: number) => call(username, 'GET', `/user/getuserdetail/${id}`);

const DENIZ = { name: 'Deniz Çelik', email: 'deniz@example.com', phone: '905321110006', dealercode: 'IST034' };

describe('the accounts of the mock', () => {
  it('adds an account the list finds at once, and refuses an e-mail address already taken', async () => {
    const added = await call('admin', 'POST', '/user/adduser', { ...DENIZ, user_type: 1 });
    expect(added.status).toBe(200);
    const saved = added.body as unknown as SavedUserResult;
    expect(saved).toMatchObject({ status: 'Success', data: { name: 'Deniz Çelik', user_type: 1, active: true } });
    expect(saved.data.id).toBeGreaterThan(5000);
    expect((await list('admin', 'deniz@example')).data).toEqual([saved.data]);
    // Within the dealer's reach (its dealer code), read by id.
    expect((await read('dealer', saved.data.id)).body).toEqual({ data: saved.data });

    const again = await call('admin', 'POST', '/user/adduser', { ...DENIZ, email: 'Deniz@Example.com', user_type: 0 });
    expect(again).toEqual({
      status: 409,
      body: { message: 'Bu e-posta adresi ile kayıtlı bir kullanıcı zaten var', status: 'Error' },
    });
    expect((await list('admin', 'deniz')).list_info.total_count).toBe(1);
  });

  it('holds a dealer to user types up to its own and to its own dealer code', async () => {
    const admin = await call('dealer', 'POST', '/user/adduser', { ...DENIZ, user_type: 2 });
    expect(admin).toEqual({
      status: 403,
      body: { message: 'Bu kullanıcı tipini atama yetkiniz yok', status: 'Error' },
    });
    const otherCode = await call('dealer', 'POST', '/user/adduser', { ...DENIZ, dealercode: 'ANK006', user_type: 0 });
    expect(otherCode.status).toBe(403);
    expect(otherCode.body.message).toBe('Yalnızca kendi bayi kodunuzu verebilirsiniz');
    expect((await call('dealer', 'POST', '/user/adduser', { ...DENIZ, user_type: 0 })).status).toBe(200);
    // An end user reaches none of it.
    expect((await call('user', 'POST', '/user/adduser', { ...DENIZ, user_type: 0 })).status).toBe(403);
    expect((await read('user', 4)).status).toBe(403);
  });

  it('reads and saves an account by id; the save shows in the read and in the list', async () => {
    const before = (await read('admin', 4)).body.data as User;
    expect(before).toMatchObject({ id: 4, name: 'Emre Aydın', Dealercode: 'IST034' });
    const saved = await call('admin', 'PUT', '/user/updateuser', {
      user_id: 4,
      name: 'Emre Karadeniz',
      email: 'olduser@example.com',
      phone: '905321110044',
      dealercode: 'IST034',
      user_type: 1,
    });
    expect(saved.status).toBe(200);
    const after = { ...before, name: 'Emre Karadeniz', Phonenumber: '905321110044', user_type: 1 };
    expect(saved.body.data).toEqual(after);
    expect((await read('admin', 4)).body.data).toEqual(after);
    expect((await list('admin', 'karadeniz')).data).toEqual([after]);
    // Another account's address is refused; its own is not.
    const taken = await call('admin', 'PUT', '/user/updateuser', {
      ...DENIZ,
      email: 'user@example.com',
      user_id: 4,
      user_type: 0,
    });
    expect(taken.status).toBe(409);
    // The caller's own user type stays.
    const demoted = await call('admin', 'PUT', '/user/updateuser', {
      user_id: 1,
      name: 'Ayşe Yılmaz',
      email: 'admin@example.com',
      phone: '905321110001',
      user_type: 0,
    });
    expect(demoted.status).toBe(403);
  });

  it('answers 404 for an account outside the dealer’s reach or deleted, as for one that never was', async () => {
    // User 5 has no dealer code: not the dealer's customer.
    expect((await read('dealer', 5)).status).toBe(404);
    expect((await call('dealer', 'PUT', '/user/updateuser', { ...DENIZ, user_id: 5, user_type: 0 })).status).toBe(404);
    expect((await read('admin', 999_999)).status).toBe(404);
    expect((await call('admin', 'DELETE', '/user/deleteappuser', { user_id: 5 })).status).toBe(200);
    expect((await list('admin', 'nosub@example.com')).data).toEqual([]);
    expect((await read('admin', 5)).status).toBe(404);
    expect((await call('admin', 'PUT', '/user/setuseractivestatus', { user_id: 5, state: 1 })).status).toBe(404);
  });

  it('activates and deactivates in the store the list reads', async () => {
    expect((await call('dealer', 'PUT', '/user/setuseractivestatus', { user_id: 3, state: 0 })).status).toBe(200);
    expect((await list('admin', 'user@example.com')).data[0]!.active).toBe(false);
  });

  it('moves every subscription of one account to another, for administrators only', async () => {
    expect((await call('dealer', 'POST', '/user/movesubscriptions', { user_id: 4, new_user_id: 3 })).status).toBe(403);
    const moved = await call('admin', 'POST', '/user/movesubscriptions', { user_id: 4, new_user_id: 3 });
    expect(moved).toEqual({ status: 200, body: { status: 'Success', message: 'İşlem Başarıyla Gerçekleşti' } });
    expect(((await read('admin', 3)).body.data as User).subscribes.map((s) => s.id)).toEqual([703, 704]);
    expect(((await read('admin', 4)).body.data as User).subscribes).toEqual([]);
    expect((await list('admin', 'olduser@example.com')).data[0]!.subscribes).toEqual([]);

    const nothing = await call('admin', 'POST', '/user/movesubscriptions', { user_id: 4, new_user_id: 3 });
    expect(nothing).toEqual({
      status: 400,
      body: { message: 'Kullanıcının taşınacak aboneliği yok', status: 'Error' },
    });
    const same = await call('admin', 'POST', '/user/movesubscriptions', { user_id: 3, new_user_id: 3 });
    expect(same.body.message).toBe('Abonelikler aynı kullanıcıya taşınamaz');
    expect((await call('admin', 'POST', '/user/movesubscriptions', { user_id: 3, new_user_id: 999_999 })).status).toBe(
      404,
    );
  });
});

describe('the account rules', () => {
  const store = { emailTaken: (email: string, except?: number) => email === 'user@example.com' && except !== 3 };
  const dealer: AccountCaller = { user_id: 2, UserType: 1, dealerCode: 'IST034' };
  const admin: AccountCaller = { user_id: 1, UserType: 2, dealerCode: '' };
  const zeynep = { id: 3, user_type: 0, subscribes: [] } as unknown as User;

  it('refuses in the contract’s order: the user type, the dealer code, then the e-mail address', () => {
    const body = { ...DENIZ, user_type: 0 };
    expect(userChangeRefusal(store, dealer, body)).toBeUndefined();
    expect(userChangeRefusal(store, dealer, { ...body, user_type: 2, email: 'user@example.com' })).toBe(
      'user-type-not-allowed',
    );
    expect(userChangeRefusal(store, dealer, { ...body, dealercode: '', email: 'user@example.com' })).toBe(
      'dealer-code-not-allowed',
    );
    expect(userChangeRefusal(store, admin, { ...body, dealercode: '' })).toBeUndefined();
    expect(userChangeRefusal(store, admin, { ...body, email: 'user@example.com' })).toBe('email-taken');
    // Saving Zeynep with her own address is no conflict.
    expect(userChangeRefusal(store, admin, { ...body, email: 'user@example.com' }, zeynep)).toBeUndefined();
    expect(userChangeRefusal(store, dealer, body, { ...zeynep, user_type: 2 })).toBe('user-type-not-allowed');
    expect(userChangeRefusal(store, admin, { ...body, user_type: 1 }, { ...zeynep, id: 1, user_type: 2 })).toBe(
      'user-type-not-allowed',
    );
    expect(
      userChangeRefusal(store, admin, { ...body, user_type: 2 }, { ...zeynep, id: 1, user_type: 2 }),
    ).toBeUndefined();
  });

  it('refuses a move to the same account and from one without subscriptions', () => {
    const accounts = { get: (id: number) => (id === 3 ? zeynep : undefined) };
    expect(moveRefusal(accounts, { user_id: 4, new_user_id: 4 })).toBe('same-user');
    expect(moveRefusal(accounts, { user_id: 3, new_user_id: 4 })).toBe('nothing-to-move');
    expect(moveRefusal(accounts, { user_id: 9, new_user_id: 4 })).toBeUndefined();
  });
});
