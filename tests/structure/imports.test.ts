/** The console never depends on the mock stack or the tests (it must run against a real backend), and no import circle ties the hand-written modules (the lint's no-cycle rule skips type-only imports; this test does not). */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Folders that hold no hand-written code: installed packages, generated code, build output. */
const notHandWritten = new Set([
  'node_modules',
  'generated',
  'dist',
  'dist-nginx',
  'build',
  'test-results',
  'playwright-report',
]);

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name.startsWith('.') || notHandWritten.has(name)) return [];
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });

/** Every hand-written file of the repository (the tree the imports resolve against). */
const handWritten = (): Set<string> => new Set(files('.'));

describe('imports', () => {
  it('src/ never imports mocks/, tests/ or conformance/ (test files excepted)', () => {
    const offenders = files('src')
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .filter((file) => /from\s+['"][./]*\/(mocks|tests|conformance)\//.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('mocks/ never imports src/: a rule both need lives in rules/ or comes from the contract', () => {
    const tree = handWritten();
    const offenders = files('mocks').filter((file) =>
      importsOf(file, tree).some((target) => target === 'src' || target.startsWith(`src${path.sep}`)),
    );
    expect(offenders).toEqual([]);
  });

  it('rules/ (what the console and the mock share) imports neither of them', () => {
    const tree = handWritten();
    const offenders = files('rules').filter((file) =>
      importsOf(file, tree).some((target) => /^(src|mocks)([\\/]|$)/.test(target)),
    );
    expect(offenders).toEqual([]);
  });
});

/** The relative specifiers a file's text imports or re-exports from (side-effect and type-only ones included). */
export function specifiersOf(text: string): string[] {
  const pattern = /(?:^|\n)\s*(?:import\s+|(?:import|export)\b[^'";]*?from\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...text.matchAll(pattern)].map((match) => match[1]!);
}

/** The files of the tree a file imports; a specifier without its extension (or naming a folder) still ties them. */
function importsOf(file: string, tree: Set<string>): string[] {
  return specifiersOf(readFileSync(file, 'utf8')).flatMap((specifier) => {
    const target = path.relative(process.cwd(), path.resolve(path.dirname(file), specifier));
    const names = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')];
    return names.filter((name) => tree.has(name)).slice(0, 1);
  });
}

/** The import circles of a graph (its strongly connected parts of more than one file, or a file importing itself). */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import circles', () => {
  // The lint's no-cycle rule skips type-only imports; a circle of types still ties two modules together.
  // tests/ is left out: it holds tests, whose helpers may lean on one another (the tools that live there today,
  // the conformance checker and the benchmarks, come under this test when they move to top-level folders).
  it('the hand-written code outside tests/ has none, type-only imports included', () => {
    const all = files('.').filter((file) => !file.startsWith(`tests${path.sep}`));
    const tree = new Set(all);
    const graph = new Map(all.map((file) => [file, importsOf(file, tree)]));
    expect(graph.size).toBeGreaterThan(500);
    expect(circles(graph)).toEqual([]);
  });

  it('reads every kind of import as an arrow', () => {
    const text = [
      "import type { A } from './a.ts';",
      "import { type B, c } from '../b';",
      'import {',
      '  D,',
      "} from './d.tsx';",
      "import './side-effect.ts';",
      "export type { E } from './e.ts';",
      "export * from './f';",
      "import { g } from 'some-package';",
      "const h = './not-an-import.ts';",
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a.ts', '../b', './d.tsx', './side-effect.ts', './e.ts', './f']);
  });
});
