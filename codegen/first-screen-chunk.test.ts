/** The first-screen groups on a real build of a small module graph. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { firstScreenChunks, isReexportOnly } from './first-screen-chunk.ts';

function project(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'first-screen-'));
  mkdirSync(path.join(root, 'src'));
  const files: Record<string, string> = {
    'index.html': '<script type="module" src="/src/main.js"></script>',
    // The entry uses `shared` and `tiny`; both lazily loaded pages use `tiny` too, so by default it is a chunk apart.
    'src/main.js': `import { shared } from './shared.js'; import { tiny } from './tiny.js'; import { a } from './barrel.js';
      console.log(shared(), tiny(), a()); document.body.onclick = () => { import('./frame.js'); import('./page.js'); };`,
    'src/shared.js': 'export const shared = () => "shared";',
    'src/tiny.js': 'export const tiny = () => "tiny";',
    'src/frame.js': `import { tiny } from './tiny.js'; import { menu } from './menu.js'; export const frame = () => tiny() + menu();`,
    'src/menu.js': 'export const menu = () => "menu";',
    'src/page.js': `import { tiny } from './tiny.js'; import { menu } from './menu.js'; import { own } from './own.js';
      import { b } from './barrel.js'; export const page = () => tiny() + menu() + own() + b();`,
    'src/own.js': 'export const own = () => "own";',
    // An index module that only re-exports (as the generated client's are): the entry uses a, a page uses b.
    'src/barrel.js': "// an index\nexport * from './a.js';\nexport { b } from './b.js';\n",
    'src/a.js': 'export const a = () => "a";',
    'src/b.js': 'export const b = () => "b";',
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  return root;
}

async function chunks(root: string, frames: { name: string; module: string }[]) {
  const groups = firstScreenChunks(frames, root);
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [groups.plugin],
    build: { write: false, rolldownOptions: { output: { codeSplitting: { groups: groups.groups } } } },
  })) as Rolldown.RolldownOutput;
  const byModule = new Map<string, string>();
  for (const chunk of output.output)
    if (chunk.type === 'chunk')
      for (const id of chunk.moduleIds) byModule.set(path.relative(root, id), chunk.isEntry ? 'entry' : chunk.name);
  return byModule;
}

describe('first-screen chunks', () => {
  it('keeps what the entry imports statically with the entry, and each frame whole, apart from the pages', async () => {
    const modules = await chunks(project(), [{ name: 'signed-in', module: 'src/frame.js' }]);
    expect(modules.get('src/main.js')).toBe('entry');
    expect(modules.get('src/shared.js')).toBe('entry');
    // Shared with the lazily loaded pages, yet part of the entry's closure: it stays with the entry.
    expect(modules.get('src/tiny.js')).toBe('entry');
    // The frame's closure (less the entry's) is one chunk, which the page imports its share from.
    expect(modules.get('src/frame.js')).toBe('signed-in');
    expect(modules.get('src/menu.js')).toBe('signed-in');
    // What only a page uses stays out of both.
    expect(modules.get('src/own.js')).not.toBe('entry');
    expect(modules.get('src/own.js')).not.toBe('signed-in');
    // Through an index module, the entry's chunk holds what the entry uses, not everything the index names.
    expect(modules.get('src/a.js')).toBe('entry');
    expect(modules.get('src/b.js')).not.toBe('entry');
  });

  it('tells an index module (only `export … from`) from a module with code of its own', () => {
    expect(
      isReexportOnly(
        "// generated\nexport * from './a';\nexport type { T } from './t';\nexport { b as c } from \"./b\";",
      ),
    ).toBe(true);
    expect(isReexportOnly("export * from './a';\nexport const d = 1;")).toBe(false);
    expect(isReexportOnly("import { a } from './a';\nexport { a };")).toBe(false);
    expect(isReexportOnly('')).toBe(false);
  });

  it('refuses a frame module the build does not have', async () => {
    await expect(chunks(project(), [{ name: 'gone', module: 'src/missing.js' }])).rejects.toThrow(
      /src\/missing\.js is not part of the build/,
    );
  });
});
