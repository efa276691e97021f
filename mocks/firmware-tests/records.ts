/**
 * The firmware tests' records as the mock keeps them (mocks/firmware-tests/store.ts): the contract's rows with the ids
 * that tie them together, and the store's refusals.
 */
import type { FirmwareTest, TestResult } from '@generated/api/types.gen.ts';

/** A result row as the store keeps it: the contract's row, and the stage and test it belongs to. */
export interface StoredResult extends TestResult {
  stage_id: number;
  test_id: number;
}

/** A test as the store keeps it: the contract's test, and its model and firmware version. */
export interface StoredTest extends FirmwareTest {
  model_id: number;
  firmware_id: number;
}

export type FirmwareRefusal = 'version-exists' | 'in-use' | 'no-stages' | 'missing-description' | 'not-found';

/** Date and time as the contract writes it (ISO 8601 to the second, UTC). */
export const stamp = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const nextId = (ids: readonly number[]): number => Math.max(0, ...ids) + 1;

/** A row as the contract answers it (without the ids the store keeps). */
export const publicRow = ({ stage_id: _s, test_id: _t, ...row }: StoredResult): TestResult => row;
