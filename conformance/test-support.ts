/** What the conformance check's test files share: the contract, and a report's result by operation. */
import { CONTRACT_FILE, Contract } from '../mocks/contract.ts';
import type { OperationResult, Report } from './types.ts';

export const contract = Contract.load(CONTRACT_FILE);

export const byId = (report: Report, id: string): OperationResult => {
  const result = report.results.find((r) => r.operationId === id);
  if (!result) throw new Error(`no result for ${id}`);
  return result;
};

export const locations = (result: OperationResult) => result.violations.map((v) => v.location);
