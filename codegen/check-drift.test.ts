/** The drift check catches any difference between generated/ and what the contract generates. */
import { cpSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findDrift } from './check-drift.ts';

const copy = mkdtempSync(path.join(tmpdir(), 'drift-'));
cpSync('generated', copy, { recursive: true });
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('generated/ drift check', () => {
  it('finds no drift in the committed generated/', async () => {
    expect(await findDrift()).toEqual([]);
  }, 60_000);

  it('reports a hand edit, a missing file and an extra file', async () => {
    appendFileSync(path.join(copy, 'api', 'types.gen.ts'), '\n// edited by hand\n');
    rmSync(path.join(copy, 'settings', 'group-07.ts'));
    writeFileSync(path.join(copy, 'live', 'stray.ts'), 'export {};\n');
    expect(await findDrift(copy)).toEqual([
      'differs: generated/api/types.gen.ts',
      'missing: generated/settings/group-07.ts',
      'extra: generated/live/stray.ts',
    ]);
  }, 60_000);
});
