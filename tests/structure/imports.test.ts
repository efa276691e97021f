/** The console never depends on the mock stack or the tests (it must run against a real backend), and no import circle ties its modules, type-only imports included. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });

describe('imports', () => {
  it('src/ never imports mocks/, tests/ or conformance/ (test files excepted)', () => {
    const offenders = files('src')
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .filter((file) => /from\s+['"][./]*\/(mocks|tests|conformance)\//.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

/** The relative and `@generated` imports and re-exports of a file, types included, as resolved files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), match[1]!);
    found.push(path.relative(process.cwd(), target));
  }
  return found;
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
  it('src/ has none, type-only imports included', () => {
    const graph = new Map(files('src').map((file) => [file, importsOf(file)]));
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle, a type-only one included', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(circles(new Map([['a.ts', ['b.ts']]]))).toEqual([]);
  });
});
