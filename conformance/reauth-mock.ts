/**
 * Test helper: what the re-authentication check (reauth.ts) is given against the honest mock, made as a backend team
 * would make it on a test system: an account of its own with a password of its own (added by the administrator,
 * signed in with its one-time password, which it changes), and a stale token (signed with the mock's secret, since
 * a test cannot wait the window out: `auth_time` one minute past the window, `exp` not passed).
 */
import { randomUUID } from 'node:crypto';
import { signMockToken } from '../mocks/access.ts';
import { reauthMinutesOf } from '../codegen/reauth-rules.ts';
import { FIXED_HEADERS } from './requests.ts';
import type { ReauthAccount } from './reauth-options.ts';
import { contract } from './test-support.ts';

const post = async (target: string, path: string, body: object, token?: string) => {
  const response = await fetch(`${target}${path}`, {
    method: 'POST',
    headers: {
      ...FIXED_HEADERS,
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
};

/** A new end user with a password of its own, added by `admin`. */
export async function mockReauthAccount(target: string, admin: string): Promise<ReauthAccount> {
  const email = `reauth-${randomUUID().slice(0, 8)}@example.com`;
  const phone = `90532${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const added = await post(target, '/user/adduser', { name: 'Yeniden Doğrulama', email, phone, user_type: 0 }, admin);
  const oneTime = String((added.one_time_password as { password: string }).password);
  const first = (await post(target, '/logins', { username: email, password: oneTime })) as { data: { token: string } };
  const password = `Dag-Evi-${randomUUID().slice(0, 6)}`;
  await post(target, '/user/changepass', { old: oneTime, new: password, new_retry: password }, first.data.token);
  return { username: email, password };
}

/** The administrator's token, authenticated a minute longer ago than the window. */
export function mockStaleToken(admin: string): string {
  const claims = JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString('utf8')) as object;
  const now = Math.floor(Date.now() / 1000);
  return signMockToken({ ...claims, auth_time: now - (reauthMinutesOf(contract.document) + 1) * 60, exp: now + 600 });
}
