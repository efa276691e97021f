/**
 * `npm run gen:check`: regenerates into a temporary folder and fails if anything differs from the committed
 * generated/ (a changed, missing or extra file), so generated code can never drift from the contract.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './gen.ts';
import { bundleContract } from './bundle.ts';
import { withGeneratedSections } from './spec-gaps.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const listFiles = (dir: string, base = dir): string[] => {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
};

export async function findDrift(committedDir = path.join(root, 'generated')): Promise<string[]> {
  const fresh = mkdtempSync(path.join(tmpdir(), 'gen-check-'));
  try {
    await generate(fresh);
    const expected = new Set(listFiles(fresh));
    const actual = new Set(listFiles(committedDir));
    const problems: string[] = [];
    for (const file of [...expected].sort()) {
      if (!actual.has(file)) problems.push(`missing: generated/${file}`);
      else if (!readFileSync(path.join(fresh, file)).equals(readFileSync(path.join(committedDir, file)))) {
        problems.push(`differs: generated/${file}`);
      }
    }
    for (const file of [...actual].sort()) if (!expected.has(file)) problems.push(`extra: generated/${file}`);
    const readmeFile = path.join(root, 'openapi', 'README.md');
    const readme = readFileSync(readmeFile, 'utf8');
    const contract = bundleContract(path.join(root, 'openapi')) as never;
    if (withGeneratedSections(readme, contract) !== readme) {
      problems.push('differs: the spec-gap list or the access table of openapi/README.md');
    }
    return problems;
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  findDrift()
    .then((problems) => {
      if (problems.length) {
        console.error('generated/ does not match the contract. Run `npm run gen` and commit the result:');
        for (const problem of problems) console.error(`  ${problem}`);
        process.exit(1);
      }
      console.log('generated/ matches the contract.');
    })
    .catch((error: unknown) => {
      console.error(`gen:check failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
