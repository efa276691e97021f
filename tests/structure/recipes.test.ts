/**
 * The recipes of CONTRIBUTING.md cannot drift from the tree: each recipe (a section "## Add …") ends with a `files`
 * block naming every file it touches, one path a line with what changes there after it, and every path must match
 * a file of the tree (`<name>` and `*` stand for any part of a name, `**` for any folders). The README's layout table
 * names every top-level folder, and only folders that exist; every link between the docs leads to a file.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

export interface Recipe {
  title: string;
  /** The paths of its `files` blocks (none when it has no block). */
  files: string[];
}

/** The recipes of a contributor guide: its "## Add …" sections, each with the paths of its `files` blocks. */
export function recipes(markdown: string): Recipe[] {
  return markdown
    .split(/^## /m)
    .slice(1)
    .filter((section) => section.startsWith('Add '))
    .map((section) => ({
      title: section.slice(0, section.indexOf('\n')).trim(),
      files: [...section.matchAll(/^```files\n([\s\S]*?)^```/gm)].flatMap((block) =>
        block[1]!
          .split('\n')
          .map((line) => line.trim().split(/\s+/)[0]!)
          .filter((first) => first !== '' && !first.startsWith('#')),
      ),
    }));
}

/** A listed path as a pattern over the tree's paths (relative, with `/`). */
export function patternOf(listed: string): RegExp {
  const body = listed
    .split(/(\*\*\/|\*\*|\*|<[^>/]+>)/)
    .map((part) => {
      if (part === '**/') return '(?:[^/]+/)*';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (/^<[^>/]+>$/.test(part)) return '[^/]+';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}$`);
}

/** The listed paths that match no file of the tree. */
export const unmatched = (listed: readonly string[], tree: readonly string[]): string[] =>
  listed.filter((entry) => !tree.some((file) => patternOf(entry).test(file)));

/** Folders no recipe names: installed packages, build output, version control. */
const NEVER = new Set(['node_modules', '.git', 'build', 'dist', 'dist-nginx', 'test-results', 'playwright-report']);

/** Every file under a top-level folder (or that file itself), relative to the checkout, `/`-separated. */
function filesUnder(top: string): string[] {
  if (!existsSync(top)) return [];
  if (!statSync(top).isDirectory()) return [top];
  return readdirSync(top, { withFileTypes: true }).flatMap((entry) => {
    if (NEVER.has(entry.name)) return [];
    const full = `${top}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The files a listed path can match: those under its first folder (or the file itself, at the top). */
const treeFor = (listed: string): string[] => filesUnder(listed.split('/')[0]!);

const guide = recipes(readFileSync('CONTRIBUTING.md', 'utf8'));

describe('the recipes of CONTRIBUTING.md', () => {
  it('are the ones a newcomer needs', () => {
    const titles = guide.map((recipe) => recipe.title);
    for (const start of [
      'Add a settings group',
      'Add a page',
      'Add an endpoint',
      'Add a mock behaviour',
      'Add a language',
      'Add a test',
    ]) {
      expect(
        titles.filter((title) => title.startsWith(start)),
        start,
      ).toHaveLength(1);
    }
  });

  it.each(guide.map((recipe) => [recipe.title, recipe] as const))('%s lists the files it touches', (_, recipe) => {
    expect(recipe.files.length, 'a `files` block under the recipe').toBeGreaterThan(0);
  });

  it.each(guide.map((recipe) => [recipe.title, recipe] as const))('%s names only files of the tree', (_, recipe) => {
    const missing = recipe.files.filter((listed) => unmatched([listed], treeFor(listed)).length > 0);
    expect(missing).toEqual([]);
  });
});

describe('reading a recipe', () => {
  const markdown = [
    '# Guide',
    '## Where each rule lives',
    '```files',
    'not/a/recipe.ts   ignored',
    '```',
    '## Add a thing',
    'Text.',
    '```files',
    '# a comment',
    'src/<area>/<name>.ts      the thing',
    '',
    'locales/*.json            its texts',
    '```',
    '## Add nothing',
    'No list.',
  ].join('\n');
  const tree = ['src/panels/list.ts', 'locales/tr.json', 'locales/flags/tr.svg', 'src/lib/a/b/c.test.ts'];

  it('takes the first word of each line of the files blocks under an "Add" heading', () => {
    expect(recipes(markdown)).toEqual([
      { title: 'Add a thing', files: ['src/<area>/<name>.ts', 'locales/*.json'] },
      { title: 'Add nothing', files: [] },
    ]);
  });

  it('matches a placeholder or a star within one folder, two stars across folders', () => {
    expect(unmatched(['src/<area>/<name>.ts', 'locales/*.json', 'src/**/*.test.ts'], tree)).toEqual([]);
    expect(unmatched(['locales/<code>.svg', 'src/*.ts', 'src/panels/list.tsx'], tree)).toEqual([
      'locales/<code>.svg',
      'src/*.ts',
      'src/panels/list.tsx',
    ]);
    expect(patternOf('generated/api/types.gen.ts').test('generated/api/typesXgen.ts')).toBe(false);
  });
});

describe("the README's layout table", () => {
  const readme = readFileSync('README.md', 'utf8');
  const layout = readme.slice(readme.indexOf('## Layout'));
  const named = [...layout.slice(0, layout.indexOf('\n## ')).matchAll(/^\| `([^`]+)\/`/gm)].map((match) => match[1]!);
  /** What the checkout ignores at its top (build output and the like): no part of the layout. */
  const ignored = readFileSync('.gitignore', 'utf8')
    .split('\n')
    .map((line) => /^\/?([^/#*\s]+)\/$/.exec(line.trim())?.[1])
    .filter((name): name is string => name !== undefined);
  const folders = readdirSync('.', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== '.git' && !ignored.includes(entry.name))
    .map((entry) => entry.name);

  it('names every top-level folder', () => {
    expect(folders.filter((folder) => !named.includes(folder))).toEqual([]);
  });

  it('names only folders that exist', () => {
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((folder) => !existsSync(path.join(folder)))).toEqual([]);
  });
});

describe('the links between the docs', () => {
  const documents = ['README.md', 'CONTRIBUTING.md', ...readdirSync('docs').map((name) => `docs/${name}`)].filter(
    (file) => file.endsWith('.md'),
  );

  it.each(documents)('%s links only to files that exist', (file) => {
    const links = [...readFileSync(file, 'utf8').matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z]+:/.test(target));
    expect(links.filter((target) => !existsSync(path.join(path.dirname(file), target)))).toEqual([]);
  });
});
