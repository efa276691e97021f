/** The conformance check with a contract whose examples were broken on purpose: request violations, not forwarded. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_FILE } from '../mocks/contract.ts';
import { runConformance } from './runner.ts';
import { startWrongServer, type WrongServer } from './wrong-server.ts';
import { byId, contract } from './test-support.ts';

describe('with a contract whose examples break it', () => {
  let server: WrongServer;
  let dir: string;
  beforeAll(async () => {
    server = await startWrongServer(contract);
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-'));
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reports the replayed examples as request violations, not forwarded', async () => {
    const document = JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as {
      components: { parameters: { Limit: { example: unknown } } };
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { examples: Record<string, { value: unknown }> }> } }>
      >;
    };
    document.components.parameters.Limit.example = 'ten';
    const change = document.paths['/user/changepass']?.post?.requestBody.content['application/json']?.examples.change;
    if (!change) throw new Error('changePassword example not found');
    change.value = { old: 1 };
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));

    const report = await runConformance({
      target: server.url,
      contractFile: file,
      only: ['getOrders', 'changePassword'],
      checks: ['example'],
      allowWrites: true,
    });
    const orders = byId(report, 'getOrders');
    expect(orders.outcome).toBe('request-violation');
    expect(orders.requestViolations).toEqual([
      expect.objectContaining({ location: 'query.limit', message: expect.stringMatching(/must be integer/) }),
    ]);
    const change2 = byId(report, 'changePassword');
    expect(change2.outcome).toBe('request-violation');
    expect(change2.requestViolations.map((v) => v.location).sort()).toEqual(['body', 'body', 'body.old']);
    expect(server.received).toEqual([]);
  }, 60_000);
});
