/**
 * One chunk for what the first screen runs, and one for the signed-in frame. Every page needs the entry and
 * everything it imports statically (React, MUI's core, the router, the query client, i18next, the sign-in page, the
 * session and configuration code); every signed-in page also needs the frame around it (header, menu, drawer, the
 * alarm and queue watches) and what the frame imports. Left to itself, the bundler splits those sets into dozens of
 * chunks wherever a lazily loaded page shares a piece of them (an icon, a hook, a few MUI helpers): 37 files for the
 * sign-in page, 34 of them under 1 kB, and 84 for the sign-in to the live panel list. On a mobile network each file is
 * a request behind the others' latency (six at a time over HTTP/1.1) and compresses apart, so the first screen is
 * slower and larger than the same code in one file.
 *
 * So, when the module graph is complete (`buildEnd`), this plugin collects the static closure of the entry (the
 * modules it imports statically, transitively), and of each frame module named here less what the entry's already
 * holds; the groups it returns capture exactly those modules, one chunk each. A lazily loaded page imports its
 * shared pieces from those chunks, which the browser already holds when the page loads; what only lazily loaded
 * pages use stays out of them, split as before.
 */
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

export interface Frame {
  /** The chunk's name. */
  name: string;
  /** The frame's module, relative to the project's root (a module that a route loads lazily). */
  module: string;
}

export interface FirstScreenChunks {
  /** Collects the closures once the module graph is complete. */
  plugin: Plugin;
  /** The code splitting groups that capture them (`build.rolldownOptions.output.codeSplitting.groups`). */
  groups: Rolldown.CodeSplittingGroup[];
}

/** Whether a module's code is nothing but `export … from` statements (and comments). */
export function isReexportOnly(code: string): boolean {
  const statements = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split(/;|\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
  return (
    statements.length > 0 &&
    statements.every((statement) =>
      /^export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s+(['"])[^'"]+\1$/.test(statement),
    )
  );
}

export function firstScreenChunks(frames: readonly Frame[], root = process.cwd()): FirstScreenChunks {
  const sets = [
    { name: 'first-screen', modules: new Set<string>() },
    ...frames.map(({ name }) => ({ name, modules: new Set<string>() })),
  ];
  const plugin: Plugin = {
    name: 'first-screen-chunks',
    apply: 'build',
    buildEnd(error) {
      for (const set of sets) set.modules.clear();
      if (error) return;
      const taken = new Set<string>();
      const collect = (starts: string[], into: Set<string>) => {
        const pending = [...starts];
        while (pending.length) {
          const id = pending.pop()!;
          if (taken.has(id) || into.has(id)) continue;
          const info = this.getModuleInfo(id);
          // A module that only re-exports (the generated client's index modules) leads to every module it names,
          // though a page bundles only what it uses of them: it is not followed, and what the entry really uses of
          // it is bundled as the bundler decides (with the entry when nothing else uses it).
          if (info?.code && isReexportOnly(info.code)) continue;
          into.add(id);
          for (const imported of info?.importedIds ?? []) pending.push(imported);
        }
        for (const id of into) taken.add(id);
      };
      collect(
        [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry),
        sets[0]!.modules,
      );
      frames.forEach((frame, index) => {
        const id = path.resolve(root, frame.module);
        if (!this.getModuleInfo(id)) this.error(`The frame module ${frame.module} is not part of the build.`);
        collect([id], sets[index + 1]!.modules);
      });
    },
  };
  return {
    plugin,
    groups: sets.map(({ name, modules }, index) => ({
      name,
      test: (id: string) => modules.has(id),
      priority: 100 - index,
    })),
  };
}
