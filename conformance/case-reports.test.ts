/** The JUnit and HTML reports and the terminal lines of the checks: cases, failures, proposals, escaping. No server. */
import { describe, expect, it } from 'vitest';
import type { CheckResult } from './checks.ts';
import { htmlReport } from './html-report.ts';
import { junitXml, type CaseReport } from './junit.ts';
import { exampleCases } from './example-report.ts';
import { checkLines, failingCaseLines } from './report.ts';
import type { OperationResult } from './types.ts';

const NASTY = `<script>alert("x")</script> & 'quoted'`;

const cases: CheckResult[] = [
  {
    kind: 'negative',
    area: 'settings',
    name: 'setsiacodesettings: body.sia_code pattern',
    operationId: 'setsiacodesettings',
    status: 'failed',
    message: "accepted sia_code 'ABC' (pattern ^[0-9A-F]{2}$)",
    exchange: {
      request: {
        method: 'POST',
        url: '/command/devices/setsiacodesettings',
        headers: { authorization: 'Bearer eyJhbGciOi…' },
        body: '{"sia_code":"ABC"}',
      },
      response: { status: 200, contentType: 'application/json', body: NASTY },
    },
    durationMs: 12,
  },
  {
    kind: 'negative',
    area: 'settings',
    name: 'setsiacodesettings: body missing dev_id',
    operationId: 'setsiacodesettings',
    status: 'passed',
    durationMs: 8,
  },
  {
    kind: 'authz',
    area: 'panels',
    name: 'getPanelZones: no token',
    operationId: 'getPanelZones',
    status: 'passed',
    durationMs: 5,
  },
  {
    kind: 'authz',
    area: 'users',
    name: 'addUser: no token',
    operationId: 'addUser',
    proposed: true,
    status: 'failed',
    message: 'answered 404, expected 401',
    durationMs: 4,
  },
  {
    kind: 'flow',
    area: 'panels',
    name: 'panel flow: 1. add (addPanel)',
    status: 'skipped',
    message: 'changes state (a command or a write): sent only with --allow-writes',
    durationMs: 0,
  },
];

const report = (strictProposals: boolean): CaseReport => ({
  title: 'Conformance of http://127.0.0.1:8080/api to generated/openapi.json',
  startedAt: '2026-11-26T08:00:00.000Z',
  durationMs: 2500,
  results: cases,
  strictProposals,
});

describe('the JUnit report', () => {
  it('has one suite per kind and area, one case each, the failure with its rule, request and answer', () => {
    const xml = junitXml(report(false));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toMatch(/<testsuites [^>]*tests="5" failures="1" errors="0" skipped="2"/);
    expect(xml.match(/<testsuite /g)).toHaveLength(4);
    expect(xml.match(/<testcase /g)).toHaveLength(5);
    expect(xml).toContain('<testsuite name="negative: settings" tests="2" failures="1" errors="0" skipped="0"');
    expect(xml).toContain(
      `<failure message="accepted sia_code &apos;ABC&apos; (pattern ^[0-9A-F]{2}$)" type="negative">`,
    );
    // Server text is escaped, never markup.
    expect(xml).not.toContain('<script>');
    expect(xml).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;quoted&apos;');
    expect(xml).toContain('POST /command/devices/setsiacodesettings');
  });

  it('reports a failing proposal as skipped, unless proposals count', () => {
    expect(junitXml(report(false))).toContain(
      '<skipped message="[proposed] not counted: answered 404, expected 401"/>',
    );
    const strict = junitXml(report(true));
    expect(strict).toMatch(/<testsuites [^>]*failures="2"/);
    expect(strict).toContain('<failure message="answered 404, expected 401" type="authz">');
  });
});

describe('the HTML report', () => {
  const page = htmlReport(report(false));

  it('is one file with no script and nothing fetched from elsewhere', () => {
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).not.toMatch(/<script|<link|src=|url\(/i);
  });

  it('groups by area, opens the failing case with its rule, request and escaped answer', () => {
    expect(page).toContain('<h2 id="area-settings">settings</h2>');
    expect(page).toContain('<h2 id="area-panels">panels</h2>');
    expect(page).toContain('<details open class="case-failed">');
    expect(page).toContain('accepted sia_code &#39;ABC&#39; (pattern ^[0-9A-F]{2}$)');
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('POST /command/devices/setsiacodesettings');
    expect(page).toContain('1 check failed.');
  });

  it('shows a failing proposal apart, not counted', () => {
    expect(page).toContain('<details open class="case-proposed">');
    expect(page).toContain('(a proposal: not counted)');
    expect(htmlReport(report(true))).toContain('2 checks failed.');
  });
});

describe('the terminal lines of the checks', () => {
  it('count each kind and list the failures, proposals apart, and why cases were skipped', () => {
    expect(checkLines(cases, false)).toEqual([
      'Bad input refused (negative): 2 cases: 1 passed, 1 failed',
      'Who may do what (authz): 2 cases: 1 passed, 0 failed, 1 failed proposals (not counted)',
      'Flows that keep state (flow): 1 cases: 0 passed, 0 failed, 1 skipped',
    ]);
    const lines = failingCaseLines(cases, false).join('\n');
    expect(lines).toContain(
      "Failing checks:\n  [negative] setsiacodesettings: body.sia_code pattern: accepted sia_code 'ABC' (pattern ^[0-9A-F]{2}$)\n    POST /command/devices/setsiacodesettings → answered 200",
    );
    expect(lines).toContain('(not counted; --strict-proposals counts them):\n  [authz] addUser: no token [proposed]');
    expect(lines).toContain('Skipped checks:\n  1 × [flow] changes state');
  });

  it('turns the example replay into cases', () => {
    const replayed: OperationResult[] = [
      {
        operationId: 'getSiaCodes',
        method: 'GET',
        path: '/list/getsiacodes',
        area: 'lookups',
        outcome: 'undocumented-status',
        status: 500,
        expectedStatus: ['200'],
        request: { url: '/list/getsiacodes' },
        violations: [],
        requestViolations: [],
        durationMs: 9,
      },
      {
        operationId: 'login',
        method: 'POST',
        path: '/logins',
        area: 'auth',
        outcome: 'conforms',
        status: 200,
        expectedStatus: ['200'],
        violations: [],
        requestViolations: [],
        durationMs: 9,
      },
    ];
    const [sia, login] = exampleCases(replayed);
    expect(sia).toMatchObject({
      kind: 'example',
      area: 'lookups',
      status: 'failed',
      name: 'getSiaCodes: GET /list/getsiacodes',
    });
    expect(sia!.message).toMatch(/the server failed \(status 500\) on the contract's own valid example/);
    expect(login).toMatchObject({ status: 'passed', area: 'auth' });
  });
});
