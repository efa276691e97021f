/** The console never depends on the mock stack or the tests (it must run against a real backend). */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });

describe('imports', () => {
  it('src/ never imports mocks/ or tests/ (test files excepted)', () => {
    const offenders = files('src')
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .filter((file) => /from\s+['"][./]*\/(mocks|tests)\//.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
