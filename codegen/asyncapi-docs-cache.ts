/**
 * Docs made once are kept by the digest of their inputs (codegen/asyncapi-docs-inputs.ts) in the user's cache folder,
 * like npm keeps packages: a clean clone whose document, references and toolchain are the same as a run before it on
 * the machine gets those docs by a copy instead of the toolchain's install and the generator's 20 to 60 s. A change
 * to any input is another digest, so the generator runs. `ASYNCAPI_DOCS_CACHE` names another folder, or `off`.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { docsUpToDate } from './asyncapi-docs-inputs.ts';

/** Entries kept (about 2.5 MB each): the newest, by last use. */
const KEEP = 3;

/** The cache folder, or null when switched off. */
export function docsCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const named = env.ASYNCAPI_DOCS_CACHE;
  if (named === 'off') return null;
  if (named) return path.resolve(named);
  return path.join(env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'alarm-console', 'asyncapi-docs');
}

/** Copies the docs made from inputs with this digest into `targetDir` (which must not exist); false when none. */
export function restoreFromCache(cacheDir: string | null, digest: string, targetDir: string): boolean {
  if (!cacheDir) return false;
  const entry = path.join(cacheDir, digest);
  if (!docsUpToDate(entry, digest)) return false;
  cpSync(entry, targetDir, { recursive: true });
  const now = new Date();
  utimesSync(entry, now, now);
  return true;
}

/** Keeps a copy of `docsDir` (made from inputs with this digest) and drops the entries beyond the newest KEEP. */
export function storeInCache(cacheDir: string | null, digest: string, docsDir: string): void {
  if (!cacheDir) return;
  mkdirSync(cacheDir, { recursive: true });
  const entry = path.join(cacheDir, digest);
  if (!existsSync(entry)) {
    const staging = path.join(cacheDir, `.${digest}-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    cpSync(docsDir, staging, { recursive: true });
    try {
      renameSync(staging, entry);
    } catch {
      // Another run stored the same entry first.
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const entries = readdirSync(cacheDir)
    .filter((name) => /^[0-9a-f]{64}$/.test(name))
    .map((name) => ({ name, used: statSync(path.join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const old of entries.slice(KEEP)) rmSync(path.join(cacheDir, old.name), { recursive: true, force: true });
}
