/** The printed conformance report shows which operations are proposals (`x-proposed`), and how many. No server. */
import { describe, expect, it } from 'vitest';
import { summaryLine } from './example-report.ts';
import { formatReport } from './report.ts';
import { isProposed } from './checks.ts';
import { contract } from './test-support.ts';
import { OUTCOMES, type OperationResult, type Outcome, type Report } from './types.ts';

const result = (operationId: string, method: string, path: string, outcome: Outcome, proposed = false) =>
  ({
    operationId,
    method,
    path,
    outcome,
    status: outcome === 'conforms' ? 200 : 404,
    expectedStatus: ['200'],
    violations: [],
    requestViolations: [],
    durationMs: 3,
    ...(proposed ? { proposed: true as const } : {}),
  }) satisfies OperationResult;

function reportOf(results: OperationResult[]): Report {
  const counts = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<Outcome, number>;
  for (const r of results) counts[r.outcome] += 1;
  return {
    target: 'http://127.0.0.1:8080/api',
    contractFile: 'generated/openapi.json',
    startedAt: '2026-11-21T08:00:00.000Z',
    durationMs: 1200,
    counts,
    proposed: results.filter((r) => r.proposed).length,
    ok: results.every((r) => r.outcome === 'conforms' || r.outcome === 'skipped'),
    results,
    kinds: ['example'],
    checks: [],
    strictProposals: false,
    allowWrites: true,
    seed: 1,
    kindMs: {},
  };
}

describe('the report of proposed calls', () => {
  it('counts them, marks each one, and lists them with their outcome', () => {
    const report = reportOf([
      result('login', 'POST', '/logins', 'conforms'),
      result('addUser', 'POST', '/user/adduser', 'conforms', true),
      result('moveSubscriptions', 'POST', '/user/movesubscriptions', 'undocumented-status', true),
    ]);
    expect(summaryLine(report)).toBe(
      '3 operations (2 of them proposed, not in the specification): 2 conform, 1 undocumented status',
    );
    const text = formatReport(report);
    // A failing proposal is marked where it fails …
    expect(text).toContain(
      '  POST /user/movesubscriptions (moveSubscriptions) [proposed]: status 404 is not documented',
    );
    // … and every proposal is listed, the conforming ones too; an operation of the specification is not.
    const list = text.slice(text.indexOf('Proposed calls (2):'));
    expect(list).toContain('  POST /user/adduser (addUser) [proposed]: conforms\n');
    expect(list).toContain('  POST /user/movesubscriptions (moveSubscriptions) [proposed]: undocumented status\n');
    expect(list).not.toContain('/logins');
  });

  it('says nothing of proposals when none was replayed', () => {
    const report = reportOf([result('login', 'POST', '/logins', 'conforms')]);
    expect(summaryLine(report)).toBe('1 operations: 1 conforms');
    expect(formatReport(report)).not.toMatch(/proposed/i);
  });

  it('takes the mark from the contract: the x-proposed operations and no other', () => {
    const proposed = contract.operations.filter(isProposed).map((op) => op.operationId);
    expect(proposed).toEqual(
      expect.arrayContaining(['addUser', 'getUserById', 'updateUser', 'moveSubscriptions', 'checkFileAccess']),
    );
    expect(proposed).not.toContain('getUserList');
  });
});
