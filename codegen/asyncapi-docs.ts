/**
 * `npm run docs:asyncapi`: HTML documentation of the live-feed contract (asyncapi/asyncapi.yaml), made with
 * @asyncapi/generator and @asyncapi/html-template.
 *
 * The generator and the template live in their own folder, codegen/asyncapi-docs/ (own package.json and
 * package-lock.json): the template renders with React 18 and breaks inside this React 19 project. This script
 *   1. installs that folder's dependencies when they are missing or not the pinned versions
 *      (`npm ci` there, with PUPPETEER_SKIP_DOWNLOAD=1: no browser is ever downloaded);
 *   2. runs the generator programmatically in a child Node process whose modules resolve from that folder,
 *      offline (the template is passed as a local path, so the generator never installs it), with forceWrite;
 *   3. writes build/asyncapi-docs/ (index.html, css/, js/) and prints where index.html is. It generates into a
 *      staging folder beside it and swaps that in only on success, so a failed run keeps the previous docs.
 * Runs are serialized by a lock (in the OS temp folder, per toolchain folder): two runs at once (for example two
 * test runs) would otherwise race on `npm ci`, on the template's transpile folder and on the output.
 *
 * html-template 3.5.6 reads AsyncAPI 3.1.0 documents as they are: it parses with @asyncapi/parser 3.6.3, which
 * holds the 3.1.0 schema, and its React component handles every 3.x document the same way. The source document
 * is therefore fed unchanged, with no version rewrite.
 *
 * Before all that, the document is parsed with the project's own parser (a document that does not parse fails at
 * once, without the toolchain), and when build/asyncapi-docs/ was made from the same inputs (the document, the files
 * it references, the toolchain's lockfile, the generator call: codegen/asyncapi-docs-inputs.ts) it is kept as it is;
 * docs made from the same inputs before on this machine are copied from the user's cache folder
 * (codegen/asyncapi-docs-cache.ts) without the toolchain.
 *
 * Options (for tests and experiments): --spec <file> (default asyncapi/asyncapi.yaml), --out <dir> (default
 * build/asyncapi-docs).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { docsCacheDir, restoreFromCache, storeInCache } from './asyncapi-docs-cache.ts';
import {
  AsyncapiDocsError,
  DIGEST_FILE,
  assertParses,
  docsUpToDate,
  inputsDigest,
  parseFailure,
  rel,
  type Diagnostic,
} from './asyncapi-docs-inputs.ts';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TOOLCHAIN_DIR = path.join(root, 'codegen', 'asyncapi-docs');
export const DEFAULT_SPEC = path.join(root, 'asyncapi', 'asyncapi.yaml');
export const DEFAULT_OUT = path.join(root, 'build', 'asyncapi-docs');
const TEMPLATE = '@asyncapi/html-template';
const RESULT_MARKER = '@@asyncapi-docs-result@@';

export { AsyncapiDocsError };

interface ChildResult {
  ok: boolean;
  message?: string;
  stack?: string;
  diagnostics?: Diagnostic[];
  versions?: Record<string, string>;
  compiled?: boolean;
}

interface Captured {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const run = (
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

/**
 * The program the child Node process runs (CommonJS, from the toolchain folder). It calls the generator's API and
 * reports one JSON line, prefixed with RESULT_MARKER, on stdout.
 */
const CHILD_PROGRAM = `
const { createRequire } = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const job = JSON.parse(process.env.ASYNCAPI_DOCS_JOB);
const report = (result) => process.stdout.write('\\n' + job.marker + JSON.stringify(result) + '\\n');
(async () => {
  const requireTool = createRequire(path.join(job.toolchainDir, 'package.json'));
  const versions = {};
  for (const name of ['@asyncapi/generator', '@asyncapi/html-template', '@asyncapi/parser']) {
    try { versions[name] = requireTool(name + '/package.json').version; } catch { /* reported below if it matters */ }
  }
  const Generator = requireTool('@asyncapi/generator');
  const templateDir = path.dirname(requireTool.resolve(job.template + '/package.json'));
  // The generator transpiles the template's React files into <template>/__transpiled/ (about 20 s). The copy the
  // package ships there was built on the publisher's machine (absolute require paths into it) and does not load,
  // so transpile once per install and reuse the result while the stamp says it was made here, for this version.
  const stampFile = path.join(job.toolchainDir, 'node_modules', '.asyncapi-docs-transpiled.json');
  const stamp = JSON.stringify({ templateDir, version: versions[job.template] });
  let compile = true;
  try {
    compile = fs.readFileSync(stampFile, 'utf8') !== stamp || !fs.existsSync(path.join(templateDir, '__transpiled'));
  } catch { /* no stamp: transpile */ }
  const generator = new Generator(templateDir, job.outDir, { forceWrite: true, install: false, compile });
  try {
    await generator.generateFromFile(job.specFile);
    if (compile) fs.writeFileSync(stampFile, stamp);
    report({ ok: true, versions, compiled: compile });
  } catch (error) {
    const diagnostics = Array.isArray(error && error.diagnostics)
      ? error.diagnostics.map((d) => ({
          message: d.message,
          code: d.code,
          severity: d.severity,
          path: d.path,
          source: d.source,
          line: d.range && d.range.start ? d.range.start.line + 1 : undefined,
          character: d.range && d.range.start ? d.range.start.character : undefined,
        }))
      : undefined;
    report({ ok: false, message: error && error.message ? error.message : String(error), stack: error && error.stack, diagnostics, versions });
  }
})().catch((error) => {
  report({ ok: false, message: error && error.message ? error.message : String(error), stack: error && error.stack });
});
`;

export interface DocsResult {
  indexHtml: string;
  installMs: number;
  generateMs: number;
  versions: Record<string, string>;
  /** True when this run transpiled the template (first run after an install), false when it reused that. */
  transpiled: boolean;
  /**
   * `generated` by this run; `kept`: the docs there were made from the same inputs; `cache`: copied from the docs made
   * from the same inputs before (neither runs the generator nor needs its toolchain).
   */
  made: 'generated' | 'kept' | 'cache';
}

/** The digest of what the docs of `specFile` are made from (codegen/asyncapi-docs-inputs.ts), with this generator call. */
export const docsInputsDigest = (specFile = DEFAULT_SPEC, toolchainDir = TOOLCHAIN_DIR): string =>
  inputsDigest(path.resolve(specFile), path.join(toolchainDir, 'package-lock.json'), CHILD_PROGRAM);

export async function generateAsyncapiDocs(
  specFile = DEFAULT_SPEC,
  outDir = DEFAULT_OUT,
  toolchainDir = TOOLCHAIN_DIR,
  cacheDir = docsCacheDir(),
): Promise<DocsResult> {
  specFile = path.resolve(specFile);
  outDir = path.resolve(outDir);
  if (!existsSync(specFile) || !statSync(specFile).isFile()) {
    throw new AsyncapiDocsError(`AsyncAPI document not found: ${specFile}`);
  }

  await assertParses(specFile);
  const digest = docsInputsDigest(specFile, toolchainDir);
  const indexHtml = path.join(outDir, 'index.html');
  const reused = (made: 'kept' | 'cache'): DocsResult => ({
    indexHtml,
    installMs: 0,
    generateMs: 0,
    versions: {},
    transpiled: false,
    made,
  });
  if (docsUpToDate(outDir, digest)) return reused('kept');

  return withLock(toolchainDir, async () => {
    // Another run may have made them while this one waited for the lock.
    if (docsUpToDate(outDir, digest)) return reused('kept');
    mkdirSync(path.dirname(outDir), { recursive: true });
    const staging = mkdtempSync(path.join(path.dirname(outDir), `.${path.basename(outDir)}-`));
    const swapIn = () => {
      rmSync(outDir, { recursive: true, force: true });
      renameSync(staging, outDir);
    };
    try {
      rmSync(staging, { recursive: true });
      if (restoreFromCache(cacheDir, digest, staging)) {
        swapIn();
        return reused('cache');
      }
      mkdirSync(staging);
      const installMs = await ensureToolchain(toolchainDir);
      const done = await generateInto(specFile, staging, outDir, toolchainDir);
      writeFileSync(path.join(staging, DIGEST_FILE), `${digest}\n`);
      swapIn();
      try {
        storeInCache(cacheDir, digest, outDir);
      } catch (error) {
        console.warn(`The docs were not kept in the cache (${String(error)}); the next clean run makes them again.`);
      }
      return { indexHtml, installMs, ...done, made: 'generated' };
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Runs `work` while holding a lock (a folder in the OS temp folder, keyed by the toolchain folder). */
async function withLock<T>(toolchainDir: string, work: () => Promise<T>): Promise<T> {
  const key = createHash('sha1').update(toolchainDir).digest('hex').slice(0, 12);
  const lockDir = path.join(tmpdir(), `asyncapi-docs-${key}.lock`);
  const pidFile = path.join(lockDir, 'pid');
  const deadline = Date.now() + 10 * 60_000;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(pidFile, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let pid: number | undefined;
    let ageMs = 0;
    try {
      ageMs = Date.now() - statSync(lockDir).mtimeMs;
      pid = Number(readFileSync(pidFile, 'utf8')) || undefined;
    } catch {
      // The holder has just created the lock and not written its pid yet, or has just released it.
    }
    // A lock whose holder died (killed, Ctrl-C) is taken over.
    const stale = pid !== undefined ? !isAlive(pid) : ageMs > 30_000;
    if (stale) {
      rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new AsyncapiDocsError(
        `Timed out waiting for another docs:asyncapi run (pid ${pid ?? '?'}, lock ${lockDir}). ` +
          'Remove that folder if no run is active.',
      );
    }
    if (!announced) console.log(`Waiting for another docs:asyncapi run (pid ${pid ?? '?'}) to finish ...`);
    announced = true;
    await sleep(500);
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Runs the generator (child process) into `targetDir`. `outDir` is only named in messages. */
async function generateInto(
  specFile: string,
  targetDir: string,
  outDir: string,
  toolchainDir: string,
): Promise<Omit<DocsResult, 'indexHtml' | 'installMs' | 'made'>> {
  console.log(`Generating HTML docs of ${rel(specFile)} with ${TEMPLATE} into ${rel(outDir)}/ ...`);
  const start = performance.now();
  const job = { marker: RESULT_MARKER, toolchainDir, template: TEMPLATE, specFile, outDir: targetDir };
  const child = await run(process.execPath, ['-e', CHILD_PROGRAM], {
    cwd: toolchainDir,
    env: {
      ...process.env,
      ASYNCAPI_DOCS_JOB: JSON.stringify(job),
      PUPPETEER_SKIP_DOWNLOAD: '1',
      // Offline: should anything try to reach npm, it may only use the local cache.
      npm_config_offline: 'true',
    },
    echo: false,
  });
  const generateMs = Math.round(performance.now() - start);

  const resultLine = child.stdout
    .split('\n')
    .reverse()
    .find((line) => line.startsWith(RESULT_MARKER));
  const output = [child.stdout.split(RESULT_MARKER)[0]?.trim(), child.stderr.trim()].filter(Boolean).join('\n');
  if (!resultLine) {
    throw new AsyncapiDocsError(
      `The AsyncAPI generator process ended without a result (exit ${child.code ?? child.signal}).` +
        (output ? `\nIts output:\n${output}` : ''),
    );
  }
  const result = JSON.parse(resultLine.slice(RESULT_MARKER.length)) as ChildResult;
  if (!result.ok) {
    const errors = (result.diagnostics ?? []).filter((d) => d.severity === undefined || d.severity === 0);
    if (result.diagnostics) throw parseFailure(specFile, errors);
    throw new AsyncapiDocsError(
      `HTML generation of ${rel(specFile)} failed: ${result.message ?? 'unknown error'}` +
        (output ? `\nGenerator output:\n${output}` : '') +
        (result.stack ? `\n${result.stack}` : ''),
    );
  }

  if (!existsSync(path.join(targetDir, 'index.html'))) {
    throw new AsyncapiDocsError(
      `The generator reported success but wrote no index.html.` + (output ? `\nIts output:\n${output}` : ''),
    );
  }
  if (output) console.log(output);
  return { generateMs, versions: result.versions ?? {}, transpiled: result.compiled === true };
}

const argValue = (name: string): string | undefined => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const spec = argValue('--spec');
  const out = argValue('--out');
  generateAsyncapiDocs(spec ? path.resolve(spec) : DEFAULT_SPEC, out ? path.resolve(out) : DEFAULT_OUT)
    .then(({ indexHtml, installMs, generateMs, versions, transpiled, made }) => {
      if (made !== 'generated') {
        const how = made === 'kept' ? 'kept as they are' : 'copied from the cache';
        console.log(`AsyncAPI docs made from the same document, references and toolchain before: ${how}.`);
        console.log(`index.html: ${indexHtml}`);
        return;
      }
      const used = Object.entries(versions)
        .map(([name, version]) => `${name} ${version}`)
        .join(', ');
      const install = installMs > 0 ? `install ${(installMs / 1000).toFixed(1)} s, ` : '';
      const how = transpiled ? ', template transpiled this run' : '';
      console.log(`AsyncAPI docs written (${install}generate ${(generateMs / 1000).toFixed(1)} s${how}; ${used}).`);
      console.log(`index.html: ${indexHtml}`);
      console.log(`Open: ${pathToFileURL(indexHtml).href}`);
    })
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`npm run docs:asyncapi failed: ${message}`);
      if (!(error instanceof AsyncapiDocsError) && error instanceof Error && error.stack) console.error(error.stack);
      process.exit(1);
    });
}
