/**
 * The administrators' requirement of a second factor through the mock's real front and Prism: only an administrator
 * reads and sets it; while it is on, a dealer without a second factor signs in with the enrolment claim and is
 * refused every call but those marked `x-allowed-before-second-factor`; once enrolled, a renewal drops the claim; an
 * end user is never concerned; the areas' reset turns it off.
 */
import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { verifyMockToken } from '../access.ts';
import { CONTRACT_FILE, Contract } from '../contract.ts';
import { callFront } from '../front-call.ts';
import { frontForEachTest } from '../test-front.ts';

const contract = Contract.load(CONTRACT_FILE);
const front = frontForEachTest(contract);
const admin = contract.exampleToken('admin');
const POLICY = '/settings/second-factor-policy';
const DEVICES = '/command/devices/useralldevices';

const claimsOf = (token: string) => {
  const checked = verifyMockToken(token);
  if (!('claims' in checked)) throw new Error(`token refused: ${checked.refused}`);
  return checked.claims;
};
const signIn = async (username: string): Promise<string> => {
  const answer = await callFront(front.url, '', 'POST', '/logins', { username, password: 'Gizli.Sifre1' });
  expect(answer.status).toBe(200);
  return String((answer.body.data as { token: string }).token);
};
const renew = async (token: string): Promise<string> => {
  const answer = await callFront(front.url, token, 'GET', '/changed-jwt');
  expect(answer.status).toBe(200);
  return String((answer.body.data as { data: { token: string } }).data.token);
};
const require = async (required: boolean) => {
  const answer = await callFront(front.url, admin, 'PUT', POLICY, { required });
  expect(answer).toMatchObject({ status: 200, body: { data: { required } } });
};

describe('the required second factor', () => {
  it('is read and set by an administrator only, stored until the reset', async () => {
    expect((await callFront(front.url, admin, 'GET', POLICY)).body).toEqual({ data: { required: false } });
    const dealer = contract.exampleToken('dealer');
    expect((await callFront(front.url, dealer, 'PUT', POLICY, { required: true })).status).toBe(403);
    expect((await callFront(front.url, dealer, 'GET', POLICY)).status).toBe(403);
    expect((await callFront(front.url, '', 'GET', POLICY)).status).toBe(401);
    await require(true);
    expect((await callFront(front.url, admin, 'GET', POLICY)).body).toEqual({ data: { required: true } });
    expect((await fetch(`${front.url}/api/__mock/areas/reset`, { method: 'POST' })).status).toBe(200);
    expect((await callFront(front.url, admin, 'GET', POLICY)).body).toEqual({ data: { required: false } });
  });

  it('holds a dealer without a second factor to the enrolment until it enrols and renews', async () => {
    expect(claimsOf(await signIn('dealer')).second_factor_enrolment_required).toBeUndefined();
    await require(true);
    const token = await signIn('dealer');
    expect(claimsOf(token).second_factor_enrolment_required).toBe(true);
    const refused = await callFront(front.url, token, 'GET', DEVICES);
    expect(refused).toMatchObject({ status: 403, body: { second_factor_enrolment_required: true } });
    expect(await callFront(front.url, token, 'GET', '/user/totp')).toMatchObject({
      status: 200,
      body: { data: { enabled: false, required: true } },
    });
    expect((await callFront(front.url, token, 'GET', '/user/getuserdetail')).status).toBe(200);
    // Renewing without a second factor keeps the claim.
    const still = await renew(token);
    expect(claimsOf(still).second_factor_enrolment_required).toBe(true);
    const started = await callFront(front.url, still, 'POST', '/user/totp/enrol');
    expect(started.status).toBe(200);
    const secret = (started.body.data as { secret: string }).secret;
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await callFront(front.url, still, 'POST', '/user/totp/confirm', { code })).status).toBe(200);
    const renewed = await renew(still);
    expect(claimsOf(renewed).second_factor_enrolment_required).toBeUndefined();
    expect((await callFront(front.url, renewed, 'GET', DEVICES)).status).toBe(200);
  });

  it('leaves end users alone, and turning it off lets the renewal drop the claim', async () => {
    await require(true);
    const user = await signIn('user');
    expect(claimsOf(user).second_factor_enrolment_required).toBeUndefined();
    expect((await callFront(front.url, user, 'GET', '/user-authority')).status).toBe(200);
    const dealer = await signIn('dealer');
    await require(false);
    const renewed = await renew(dealer);
    expect(claimsOf(renewed).second_factor_enrolment_required).toBeUndefined();
    expect((await callFront(front.url, renewed, 'GET', DEVICES)).status).toBe(200);
  });
});
