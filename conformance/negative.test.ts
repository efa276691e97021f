/**
 * Negative conformance (bad input must be refused): the honest mock refuses every generated case with a documented
 * 4xx (0 false alarms); a wrong server that accepts an invalid body or answers 500 to a bad query parameter is
 * reported under `negative`, naming the rule and the value, and nothing else; the cases are chosen by the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContext, type CheckResult } from './checks.ts';
import { startHonestMock, mockIdentities, type HonestMock } from './honest-mock.ts';
import { NegativeCases } from './negative-cases.ts';
import { RULE_KINDS, type NegativeCase } from './negative-model.ts';
import { runNegative } from './negative.ts';
import { contract } from './test-support.ts';
import { answerJson, startWrongFront, type WrongFront } from './wrong-front.ts';

/** What identifies a case (the multipart bodies are compared by their fields). */
const projection = (item: NegativeCase) => ({
  name: item.name,
  description: item.description,
  url: item.request.url,
  method: item.request.method,
  body: item.request.body instanceof FormData ? [...item.request.body.keys()] : item.request.body,
});

const generateAll = (generator: NegativeCases, seed: number, maxCases: number) =>
  contract.operations.flatMap((operation) => {
    const generation = generator.generate(operation, 'token', { seed, maxCases });
    return generation.kind === 'cases' ? [{ operationId: operation.operationId, cases: generation.cases }] : [];
  });

describe('the negative cases', () => {
  const generator = new NegativeCases(contract);

  it('are the same for the same seed, may differ for another, and hold the cap with one of each rule kind first', () => {
    const first = generateAll(generator, 1, 20);
    const again = generateAll(generator, 1, 20);
    expect(again.map((op) => op.cases.map(projection))).toEqual(first.map((op) => op.cases.map(projection)));
    const other = generateAll(generator, 2, 20);
    expect(other.map((op) => op.cases.map((c) => c.name))).not.toEqual(first.map((op) => op.cases.map((c) => c.name)));

    const small = generateAll(generator, 1, 5);
    const uncapped = generateAll(generator, 1, 1000);
    expect(small.every((op) => op.cases.length <= 5)).toBe(true);
    expect(first.every((op) => op.cases.length <= 20)).toBe(true);
    expect(uncapped.some((op) => op.cases.length > 20)).toBe(true);
    for (const op of small) {
      const full = uncapped.find((f) => f.operationId === op.operationId)!.cases;
      const kinds = new Set(full.map((c) => c.rule));
      const chosen = op.cases.map((c) => c.rule);
      // Variety: no kind repeats while another available kind is left out.
      if (kinds.size >= 5) expect(new Set(chosen).size).toBe(5);
      // A stable order: the generation's own.
      const order = full.map((c) => c.name);
      const positions = op.cases.map((c) => order.indexOf(c.name));
      expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
    }
    // Names are unique per operation, and every kind the contract's rules allow occurs somewhere.
    for (const op of first) expect(new Set(op.cases.map((c) => c.name)).size).toBe(op.cases.length);
    const seen = new Set(first.flatMap((op) => op.cases.map((c) => c.rule)));
    const used = [
      'required',
      'type',
      'enum',
      'const',
      'pattern',
      'format',
      'minLength',
      'maxLength',
      'minimum',
      'maximum',
    ];
    expect([...seen].sort()).toEqual(expect.arrayContaining([...used, 'additionalProperties'].sort()));
    expect([...seen].every((kind) => (RULE_KINDS as readonly string[]).includes(kind))).toBe(true);
  });

  it('break one rule each, named with its value', () => {
    const all = generateAll(generator, 1, 1000).flatMap((op) => op.cases);
    const byName = (name: string) => all.find((c) => c.name === name);
    expect(byName('controlPanel: body.password pattern')?.description).toBe("password '567#' (pattern ^[0-9]+$)");
    expect(byName('setsiacodesettings: body.dev_id required')?.description).toBe(
      "a body without required property 'dev_id'",
    );
    expect(byName('getOrderReport: query.limit minimum')).toMatchObject({
      value: 0,
      request: { url: '/reports/order?begin_date=2026-01-01&end_date=2026-11-30&limit=0&offset=0' },
    });
    expect(byName('setusersettings: body.start_time.hour maximum')?.description).toBe(
      'start_time.hour 24 (maximum 23)',
    );
    // A sent request carries exactly the one broken value.
    const zone = byName('setsiacodesettings: body.event_code minLength')!;
    const sent = JSON.parse(zone.request.body as string) as Record<string, unknown>;
    expect(sent.event_code).toBe('B');
    expect(sent.restore_code).toBe('BR');
  });
});

describe('against the honest mock', () => {
  let mock: HonestMock;
  let admin: string;
  let results: CheckResult[];
  beforeAll(async () => {
    mock = await startHonestMock();
    admin = (await mockIdentities(mock.target)).admin;
    results = await runNegative(
      checkContext({ contract, target: mock.target, token: admin, allowWrites: true, concurrency: 4 }),
    );
  }, 90_000);
  afterAll(() => mock?.stop());

  it('refuses every invalid request with a documented 4xx matching the contract', () => {
    const sent = results.filter((r) => r.status !== 'skipped');
    console.log(`negative cases sent to the honest mock: ${sent.length}`);
    expect(results.filter((r) => r.status === 'failed').map((r) => `${r.name}: ${r.message}`)).toEqual([]);
    expect(results.filter((r) => r.status === 'skipped').map((r) => `${r.name}: ${r.message}`)).toEqual([]);
    expect(sent.length).toBeGreaterThan(500);
    expect(results.every((r) => r.kind === 'negative')).toBe(true);
    // Multipart and form bodies are generated too.
    expect(sent.some((r) => r.operationId === 'createDealerRequest')).toBe(true);
    expect(sent.some((r) => r.operationId === 'receivePaymentCallback')).toBe(true);
  });

  it('sends no write without --allow-writes: one skipped result per write operation', async () => {
    const readOnly = await runNegative(
      checkContext({ contract, target: mock.target, token: admin, only: ['getUserList', 'setsiacodesettings'] }),
    );
    const writes = readOnly.filter((r) => r.operationId === 'setsiacodesettings');
    expect(writes).toEqual([
      expect.objectContaining({ status: 'skipped', message: expect.stringMatching(/--allow-writes/) }),
    ]);
    expect(readOnly.filter((r) => r.operationId === 'getUserList').every((r) => r.status === 'passed')).toBe(true);
  });

  describe('behind a wrong front', () => {
    let front: WrongFront;
    let wrong: CheckResult[];
    const only = [
      'setsiacodesettings',
      'changePanelDesc',
      'getUserList',
      'getOrders',
      'setzonesettings',
      'getPanelZones',
    ];
    const success = (operationId: string) =>
      [...contract.responseExamples(contract.byId(operationId)).values()].find((e) => e.status === '200')!.example
        .value;
    beforeAll(async () => {
      front = await startWrongFront(mock.target, {
        // Accepts any body: answers its success example.
        setsiacodesettings: () => answerJson(200, success('setsiacodesettings')),
        changePanelDesc: () => answerJson(200, success('changePanelDesc')),
        // Refuses the token itself: the input is never judged (skipped, not passed).
        getOrders: () => answerJson(401, { message: 'Oturum süresi doldu', status: 'Error' }),
        // Fails on a page size it cannot read.
        getUserList: (request) => {
          const limit = Number(new URL(request.url, 'http://x').searchParams.get('limit') ?? '10');
          return Number.isInteger(limit) && limit >= 1 && limit <= 1000
            ? undefined
            : answerJson(500, { message: 'Internal Server Error', status: 'Error' });
        },
      });
      wrong = await runNegative(checkContext({ contract, target: front.url, token: admin, allowWrites: true, only }));
    }, 60_000);
    afterAll(() => front?.stop());

    const failed = () => wrong.filter((r) => r.status === 'failed');

    it('reports an invalid body accepted, naming the rule and the value', () => {
      const sia = wrong.filter((r) => r.operationId === 'setsiacodesettings');
      expect(sia.length).toBeGreaterThan(5);
      for (const result of sia) {
        expect(result).toMatchObject({
          kind: 'negative',
          status: 'failed',
          message: expect.stringMatching(/^accepted /),
        });
        expect(result.exchange?.response?.status).toBe(200);
      }
      const messages = sia.map((r) => r.message);
      // One case of each rule kind is chosen first: a missing required property is among them.
      expect(messages.some((m) => /^accepted a body without required property '[\w.]+'$/.test(m!))).toBe(true);
      expect(
        messages.some((m) =>
          /^accepted \w+(\.\w+)* .+ \((minLength|maxLength|minimum|maximum|const|enum|type) .+\)$/.test(m!),
        ),
      ).toBe(true);
      const desc = wrong.filter((r) => r.operationId === 'changePanelDesc');
      expect(desc.length).toBeGreaterThan(0);
      expect(desc.every((r) => r.status === 'failed')).toBe(true);
      expect(desc.map((r) => r.message)).toContain("accepted a body without required property 'Description'");
    });

    it('reports a 500 to a bad query parameter, naming the rule and the value', () => {
      const list = failed().filter((r) => r.operationId === 'getUserList');
      expect(list.map((r) => r.name).sort()).toEqual([
        'getUserList: query.limit maximum',
        'getUserList: query.limit minimum',
        'getUserList: query.limit type',
      ]);
      expect(list.map((r) => r.message)).toContain("answered 500 (not documented) to limit 'abc' (type integer)");
      expect(list.map((r) => r.message)).toContain('answered 500 (not documented) to limit 0 (minimum 1)');
    });

    it('does not count a refused token as a refusal of the input', () => {
      const orders = wrong.filter((r) => r.operationId === 'getOrders');
      expect(orders.length).toBeGreaterThan(3);
      expect(orders.every((r) => r.status === 'skipped' && /token was not accepted/.test(r.message!))).toBe(true);
    });

    it('reports nothing else', () => {
      expect(front.faulted.length).toBeGreaterThan(0);
      const others = failed().filter(
        (r) => !['setsiacodesettings', 'changePanelDesc', 'getUserList'].includes(r.operationId!),
      );
      expect(others.map((r) => `${r.name}: ${r.message}`)).toEqual([]);
      expect(wrong.filter((r) => r.operationId === 'setzonesettings' && r.status === 'passed').length).toBeGreaterThan(
        10,
      );
    });
  });
});
