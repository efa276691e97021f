/**
 * The areas of the mock that behave like a server beyond the contract's examples (see `MockArea` in front.ts): each
 * remembers what the console did in it until the mock's `areas/reset` control.
 */
import type { Contract } from './contract.ts';
import type { MockArea } from './front.ts';
import { dealerRequestsArea } from './dealer-requests.ts';
import { fileStoreArea } from './file-store.ts';
import { firmwareTestsArea } from './firmware-tests.ts';

// The file store first: every request under `/files` passes its access check before anything else may answer it.
export const mockAreas = (contract: Contract): MockArea[] => [
  fileStoreArea(contract),
  dealerRequestsArea(contract),
  firmwareTestsArea(contract),
];
