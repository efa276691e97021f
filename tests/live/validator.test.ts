/**
 * The generated payload validator runs as it is in the browser and in node's ESM loader (the mock's simulator):
 * a standalone module with no `require` of ajv's runtime helpers.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FILE = 'generated/live/validate-panel-update.js';

describe('generated/live/validate-panel-update.js', () => {
  it('has no require() and loads in plain node ESM', () => {
    expect(readFileSync(FILE, 'utf8')).not.toMatch(/\brequire\(/);
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { default: validate } = await import(${JSON.stringify(`${process.cwd()}/${FILE}`)});
         console.log(JSON.stringify([validate({ armed: 1, KLStatus: { alarm: true } }), validate({ status_desc: 'x'.repeat(201) })]));`,
      ],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([true, false]);
  });
});
