/** The conformance check against the project's own Prism mock of the contract, through the real Prism proxy: every
 * operation conforms. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_FILE } from '../mocks/contract.ts';
import { freePort } from '../mocks/ports.ts';
import { startPrism, type RunningPrism } from '../mocks/prism.ts';
import { runConformance } from './runner.ts';
import { byId, contract } from './test-support.ts';

describe('against the Prism mock of the contract', () => {
  let mock: RunningPrism;
  beforeAll(async () => {
    mock = await startPrism({ mode: 'mock', contract: CONTRACT_FILE, port: await freePort() });
  });
  afterAll(() => mock?.stop());

  it('every operation conforms or is skipped with a reason, and no contract example is an invalid request', async () => {
    const started = performance.now();
    const report = await runConformance({ target: mock.url, checks: ['example'], allowWrites: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`full-contract run against the mock: ${report.results.length} operations in ${seconds} s`);
    const bad = report.results.filter((r) => r.outcome !== 'conforms' && !(r.outcome === 'skipped' && r.reason));
    expect(
      bad.map((r) => ({ id: r.operationId, outcome: r.outcome, v: r.violations, rv: r.requestViolations })),
    ).toEqual([]);
    expect(report.counts['request-violation']).toBe(0);
    expect(report.results).toHaveLength(contract.operations.length);
    expect(report.ok).toBe(true);
    // The file store operations (own `servers`) are replayed too, and labelled.
    expect(byId(report, 'getResources')).toMatchObject({ outcome: 'conforms', server: '/files' });
  }, 90_000);
});
