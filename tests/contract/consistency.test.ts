/**
 * The examples describe one installation: every panel, user, e-mail and dealer code an example mentions is a
 * record of the installation's own lists (openapi/EXAMPLES.md), so the mock feels like one real system.
 */
import { describe, expect, it } from 'vitest';
import { Contract } from '../../mocks/contract.ts';

const contract = Contract.load();
const example = (operationId: string, name: string) =>
  contract.responseExamples(contract.byId(operationId)).get(name)?.example.value as { data: Record<string, unknown>[] };
const requestExample = (operationId: string, name: string) => {
  const body = contract.byId(operationId).spec.requestBody as {
    content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }>;
  };
  return Object.values(body.content)[0]!.examples[name]!.value;
};

const panels = new Set(example('getUserDevices', 'default').data.map((panel) => panel.dev_id));
const users = example('getUserList', 'default').data;
const dealerRequests = example('getDealerRequests', 'all').data;
/** Records that exist only as the subject of a creation: the panel being added and the account registering. */
const newPanel = requestExample('addPanel', requestExampleName('addPanel')).dev_id;
const newAccount = requestExample('register', requestExampleName('register')).email;

function requestExampleName(operationId: string): string {
  const body = contract.byId(operationId).spec.requestBody as { content: Record<string, { examples: object }> };
  return Object.keys(Object.values(body.content)[0]!.examples)[0]!;
}

/** Every value of the given keys found in any example of the contract. */
const valuesOf = (keys: string[]): unknown[] => {
  const found: unknown[] = [];
  const walk = (node: unknown, inExample: boolean) => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, inExample));
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      const nowInExample = inExample || key === 'examples' || key === 'example';
      if (nowInExample && keys.includes(key) && (typeof value === 'number' || typeof value === 'string'))
        found.push(value);
      walk(value, nowInExample);
    }
  };
  walk(contract.document.paths, false);
  return found;
};

describe('examples describe one installation', () => {
  it('lists the four example panels', () => {
    expect(panels.size).toBe(4);
  });

  it('mentions only panels of the installation (and the one being added)', () => {
    const unknown = valuesOf(['dev_id', 'device_id']).filter((id) => !panels.has(id) && id !== newPanel);
    expect(unknown).toEqual([]);
  });

  it('mentions only users of the installation', () => {
    const ids = new Set(users.map((user) => user.id));
    expect(valuesOf(['user_id', 'new_user_id']).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('mentions only e-mails of users, dealer applicants and the account registering', () => {
    const known = new Set([...users.map((u) => u.email), ...dealerRequests.map((r) => r.email), newAccount]);
    expect(valuesOf(['email']).filter((email) => !known.has(email))).toEqual([]);
  });

  it('gives users only the dealer code of a dealer account (or none)', () => {
    const dealerCodes = new Set(['', ...users.filter((u) => u.user_type === 1).map((u) => u.Dealercode)]);
    expect(dealerCodes.size).toBeGreaterThan(1);
    expect(valuesOf(['Dealercode', 'dealercode']).filter((code) => !dealerCodes.has(code))).toEqual([]);
  });

  it('approves and rejects requests the list shows pending, a different one each (every write works on a fresh mock)', () => {
    const pending = dealerRequests.filter((request) => request.state === 0).map((request) => request.id);
    /** The request ids an operation's examples name: its path parameter's and its body examples'. */
    const decided = (operationId: string) => {
      const operation = contract.byId(operationId);
      const parameters = (operation.pathItem.parameters ?? []) as { name?: string; example?: unknown }[];
      const body = operation.spec.requestBody as {
        content: Record<string, { examples: Record<string, { value: { id: unknown } }> }>;
      };
      const bodies = Object.values(Object.values(body.content)[0]!.examples).map((example) => example.value.id);
      return new Set([parameters.find((parameter) => parameter.name === 'id')?.example, ...bodies]);
    };
    const approved = decided('approveDealerRequest');
    const rejected = decided('rejectDealerRequest');
    expect([...approved]).toEqual([42]);
    expect([...rejected]).toEqual([44]);
    for (const id of [...approved, ...rejected]) expect(pending).toContain(id);
  });
});
