/**
 * The file store's access-check probe (file-access.ts) passes against the honest mock and catches a check that
 * judges the folder by its raw text and ignores the forwarded method; without the matrix's accounts it is skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContext } from './checks.ts';
import { FILE_ACCESS_CHECKS, disguises, runFileAccess } from './file-access.ts';
import { fileAccessFault } from './file-access-fault.ts';
import { mockIdentities, startHonestMock, type HonestMock } from './honest-mock.ts';
import { resolveIdentities } from './identities.ts';
import type { Identities } from './checks.ts';
import { contract } from './test-support.ts';
import { startWrongFront, type WrongFront } from './wrong-front.ts';

let mock: HonestMock;
let wrong: WrongFront;
let admin: string;
let identities: Identities;
const levels = contract.byId('checkFileAccess').spec['x-folder-levels'] as Record<string, number>;
const firmware = FILE_ACCESS_CHECKS.disguised('/Firmware');

beforeAll(async () => {
  mock = await startHonestMock();
  const { admin: token, ...given } = await mockIdentities(mock.target);
  admin = token;
  identities = await resolveIdentities(mock.target, given, 10_000);
  wrong = await startWrongFront(mock.target, { checkFileAccess: fileAccessFault(levels) });
}, 60_000);
afterAll(async () => {
  await wrong?.stop();
  await mock?.stop();
});

const run = (target: string, withAccounts = true) =>
  runFileAccess(checkContext({ contract, target, token: admin, ...(withAccounts ? { identities } : {}) }));

describe('the file access probe', () => {
  it('passes against the honest mock, as a proposed authorization check', async () => {
    const results = await run(mock.target);
    expect(results.map((r) => [r.name, r.status])).toEqual([
      [firmware, 'passed'],
      [FILE_ACCESS_CHECKS.method, 'passed'],
    ]);
    expect(results.every((r) => r.proposed && r.kind === 'authz' && r.operationId === 'checkFileAccess')).toBe(true);
  });

  it('catches a check that judges the raw folder text and ignores the method', async () => {
    const results = await run(wrong.url);
    expect(results.map((r) => [r.name, r.status])).toEqual([
      [firmware, 'failed'],
      [FILE_ACCESS_CHECKS.method, 'failed'],
    ]);
    // The plain name and its other letter case (the fault compares without case) are still refused; the rest went through.
    expect(results[0]!.message).toMatch(/answered 204 to \/files\/resources\?path=%2F\.%2FFirmware/);
    expect(results[0]!.message).not.toMatch(/to \/files\/resources\?path=%2FFirmware(,|$)/);
    expect(results[0]!.message!.match(/204 to/g)).toHaveLength(disguises('/Firmware').length - 1);
    expect(results[1]!.message).toMatch(/answered 204 to POST, 204 to PUT, 204 to DELETE/);
    expect(results[0]!.exchange?.request.headers['x-original-uri']).toBeDefined();
  });

  it('skips the folder rule without the end user, saying so', async () => {
    const results = await run(mock.target, false);
    expect(results.find((r) => r.name === firmware)).toMatchObject({ status: 'skipped' });
    expect(results.find((r) => r.name === firmware)?.message).toMatch(/--token-a/);
  });
});
