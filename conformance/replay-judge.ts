/** How the example replay judges an answer: the statuses that count as success, and an answer sent straight to the server. */
import type { Contract, Operation } from '../mocks/contract.ts';
import type { DirectAnswer } from './direct.ts';
import type { ResponseChecker } from './response-checker.ts';
import { isObject } from './requests.ts';
import type { OperationResult } from './types.ts';

/** Statuses counted as success: the status of the response example named like the request example, else every 2xx. */
export function expectedStatuses(contract: Contract, operation: Operation, exampleName?: string): string[] {
  const documented = documentedStatuses(operation);
  const named = exampleName ? contract.responseExamples(operation).get(exampleName) : undefined;
  if (named) return [named.status];
  const success = documented.filter((status) => /^2(\d\d|XX)$/.test(status));
  return success.length > 0 ? success : documented.filter((status) => status === 'default');
}

export const documentedStatuses = (operation: Operation): string[] =>
  Object.keys(isObject(operation.spec.responses) ? operation.spec.responses : {});

/** The operation's own `servers` (e.g. the cloud file store), which the proxy ignores. */
export const ownServer = (operation: Operation): string | undefined => {
  const servers = operation.spec.servers ?? operation.pathItem.servers;
  const first = Array.isArray(servers) ? servers[0] : undefined;
  return isObject(first) && typeof first.url === 'string' ? first.url : undefined;
};

/** What an answer sent straight to the server is, by the contract's response schemas (as Prism would judge it). */
export function classifyDirect(
  checker: ResponseChecker,
  operation: Operation,
  answer: DirectAnswer,
  expected: string[],
): Pick<OperationResult, 'outcome' | 'violations' | 'requestViolations' | 'reason'> {
  const violations = checker.check(operation, answer);
  if (violations.some((v) => v.location === 'response.status'))
    return { outcome: 'undocumented-status', violations, requestViolations: [] };
  if (violations.length > 0) return { outcome: 'response-violation', violations, requestViolations: [] };
  if (expected.includes(String(answer.status))) return { outcome: 'conforms', violations: [], requestViolations: [] };
  return {
    outcome: 'unexpected-status',
    violations: [],
    requestViolations: [],
    reason: `documented status ${answer.status} instead of ${expected.join(' or ')}; the success answer was not checked`,
  };
}
