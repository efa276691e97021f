/**
 * The mock's front with its one id parser and the purchases' owners, through Prism as the console calls it: another
 * user's panel named in an odd form (`<id>.0`, `+<id>`, `<id>%20` …) is never answered, whatever the form; coupon codes,
 * coupon requests and the order history answer only what is the caller's (a dealer's customers' orders too, an
 * administrator all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMockToken, verifyMockToken } from './access.ts';
import { CONTRACT_FILE, Contract } from './contract.ts';
import { callFront } from './front-call.ts';
import type { RunningFront } from './front.ts';
import { oddForms } from './odd-ids.ts';
import { startTestFront } from './test-front.ts';

const contract = Contract.load(CONTRACT_FILE);
/** User 3's panel (`user`), not on the list of user 4 (`olduser`). */
const PANEL_1 = 864215040012345;
let front: RunningFront;

const tokenOf = (username: string): string => contract.exampleToken(username);
const call = (token: string, path: string, method = 'GET') => callFront(front.url, token, method, path);
const rows = async (token: string, path: string) =>
  ((await call(token, path)).body.data as Record<string, unknown>[]).map((row) => row.id);

beforeAll(async () => {
  front = await startTestFront(contract);
}, 60_000);

afterAll(async () => {
  await front?.stop();
});

describe('ids parsed once, before any reach is looked at', () => {
  it("never answers another user's panel named in an odd form, nor the caller's own", async () => {
    const b = tokenOf('olduser');
    const a = tokenOf('user');
    expect((await call(b, `/command/devices/${PANEL_1}/zones`)).status).toBe(404);
    expect((await call(a, `/command/devices/${PANEL_1}/zones`)).status).toBe(200);
    // Sent as the forms travel: a space and `+` percent-encoded, the rest as typed.
    const sent = oddForms(PANEL_1).map((form) => form.replace(/[ \n%]/g, encodeURIComponent));
    for (const path of [
      (id: string) => `/command/devices/${id}/zones`,
      (id: string) => `/command/devices/${id}/devicepart/0`,
      (id: string) => `/devices/${id}/card-report?begin_date=2026-11-01&end_date=2026-11-20`,
      (id: string) => `/panel-queue?dev_id=${id.replace('+', '%2B')}`,
    ]) {
      for (const form of sent) {
        for (const [who, token] of [
          ['B', b],
          ['A', a],
        ] as const) {
          const answer = await call(token, path(form));
          expect(answer.status, `${who} ${path(form)}`).toBe(400);
          expect(answer.body).toEqual({ message: 'Geçersiz istek', status: 'Error' });
        }
      }
    }
  });

  it('refuses a parameter given twice, and an odd body id of an ownership rule', async () => {
    expect((await call(tokenOf('user'), `/panel-queue?dev_id=${PANEL_1}&dev_id=1`)).status).toBe(400);
    const renamed = await callFront(
      front.url,
      tokenOf('olduser'),
      'PUT',
      '/command/devices/userdevices/changepaneldesc',
      {
        device_id: `${PANEL_1}.0`,
        Description: 'Merkez',
      },
    );
    expect(renamed.status).toBe(400);
  });
});

describe('the purchases belong to their buyer', () => {
  it("answers a coupon request's codes to its buyer and an administrator only", async () => {
    // 301 is the dealer's, 302 the administrator's.
    expect((await call(tokenOf('dealer'), '/coupons/301/codes')).status).toBe(200);
    expect((await call(tokenOf('dealer'), '/coupons/302/codes')).status).toBe(404);
    expect((await call(tokenOf('dealer'), '/coupons/399/codes')).status).toBe(404);
    expect((await call(tokenOf('admin'), '/coupons/302/codes')).status).toBe(200);
    expect((await call(tokenOf('admin'), '/coupons/301/codes')).status).toBe(200);
    expect((await call(tokenOf('admin'), '/coupons/399/codes')).status).toBe(404);
  });

  it('lists the coupon requests and orders within reach, whatever example is asked for', async () => {
    expect(await rows(tokenOf('admin'), '/coupons')).toEqual([302, 301]);
    expect(await rows(tokenOf('dealer'), '/coupons')).toEqual([301]);
    expect(await rows(tokenOf('user'), '/coupons')).toEqual([]);
    const asked = await callFront(front.url, tokenOf('dealer'), 'GET', '/coupons', undefined, {
      prefer: 'example=administrator',
    });
    expect((asked.body.data as { id: number }[]).map((row) => row.id)).toEqual([301]);
    expect(asked.body.list_info).toMatchObject({ total_count: 1 });
    expect(await rows(tokenOf('dealer'), '/orders/history')).toEqual([5004, 5003, 5002, 5001]);
  });

  it("holds another dealer to its own customers' orders and its own coupon requests", async () => {
    const admin = tokenOf('admin');
    const added = await callFront(front.url, admin, 'POST', '/user/adduser', {
      name: 'Selin Arslan',
      email: 'selin@anadolualarm.example',
      phone: '905321110042',
      dealercode: 'ANK006',
      user_type: 1,
    });
    expect(added.status).toBe(200);
    const id = (added.body.data as { id: number }).id;
    const claims = verifyMockToken(tokenOf('dealer'));
    if (!('claims' in claims)) throw new Error('the dealer token does not verify');
    const other = signMockToken({ ...claims.claims, Username: 'selin', user_id: id });
    // The new account chooses its own password first (every other call is refused until then).
    const chosen = 'Kestane-Fener-42';
    const changed = await callFront(front.url, other, 'POST', '/user/changepass', {
      old: (added.body.one_time_password as { password: string }).password,
      new: chosen,
      new_retry: chosen,
    });
    expect(changed.status).toBe(200);
    expect(await rows(other, '/orders/history')).toEqual([]);
    expect(await rows(other, '/coupons')).toEqual([]);
    expect((await call(other, '/coupons/301/codes')).status).toBe(404);
    expect((await fetch(`${front.url}/api/__mock/areas/reset`, { method: 'POST' })).status).toBe(200);
  });
});
