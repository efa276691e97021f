/**
 * The docs toolchain of `npm run docs:asyncapi`: its own folder, codegen/asyncapi-docs/ (own package.json and
 * package-lock.json, since the template renders with React 18), installed with `npm ci` when a pinned package is
 * missing; and the child processes the docs are made with.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { AsyncapiDocsError, rel } from './asyncapi-docs-inputs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TOOLCHAIN_DIR = path.join(root, 'codegen', 'asyncapi-docs');

export interface Captured {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export const run = (
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; echo: boolean },
): Promise<Captured> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (options.echo) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });

const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as never;

/** Names of the toolchain's dependencies that are missing or not at the version pinned in its package.json. */
export function missingToolchainPackages(dir = TOOLCHAIN_DIR): string[] {
  const manifest = readJson(path.join(dir, 'package.json'));
  const wanted = (manifest.dependencies ?? {}) as Record<string, string>;
  return Object.entries(wanted).flatMap(([name, version]) => {
    const installed = path.join(dir, 'node_modules', name, 'package.json');
    if (!existsSync(installed)) return [`${name}@${version} (not installed)`];
    const actual = String(readJson(installed).version);
    return actual === version ? [] : [`${name}@${version} (found ${actual})`];
  });
}

/** Installs the toolchain folder's dependencies from its lockfile when they are missing. Returns ms spent (0 if none). */
export async function ensureToolchain(dir = TOOLCHAIN_DIR): Promise<number> {
  const missing = missingToolchainPackages(dir);
  if (missing.length === 0) return 0;
  if (!existsSync(path.join(dir, 'package-lock.json'))) {
    throw new AsyncapiDocsError(
      `${rel(dir)}/package-lock.json is missing: cannot install the docs toolchain with npm ci.`,
    );
  }
  const args = ['ci', '--no-audit', '--no-fund', '--prefer-offline'];
  console.log(`Docs toolchain incomplete: ${missing.join(', ')}.`);
  console.log(`Installing it: (cd ${rel(dir)} && PUPPETEER_SKIP_DOWNLOAD=1 npm ${args.join(' ')})`);
  const start = performance.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = await run(npm, args, {
    cwd: dir,
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
    echo: true,
  }).catch((error: unknown) => {
    throw new AsyncapiDocsError(`Could not start npm to install the docs toolchain: ${String(error)}`);
  });
  if (result.code !== 0) {
    throw new AsyncapiDocsError(
      `Installing the docs toolchain failed: npm ci in ${rel(dir)} exited with ${result.code ?? result.signal}.`,
    );
  }
  const still = missingToolchainPackages(dir);
  if (still.length > 0) {
    throw new AsyncapiDocsError(`npm ci in ${rel(dir)} finished but these are still missing: ${still.join(', ')}.`);
  }
  const ms = Math.round(performance.now() - start);
  console.log(`Docs toolchain installed in ${(ms / 1000).toFixed(1)} s.`);
  return ms;
}
