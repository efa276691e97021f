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
 *   3. writes build/asyncapi-docs/ (index.html, css/, js/) and prints where index.html is.
 *
 * html-template 3.5.6 reads AsyncAPI 3.1.0 documents as they are: it parses with @asyncapi/parser 3.6.3, which
 * holds the 3.1.0 schema, and its React component handles every 3.x document the same way. The source document
 * is therefore fed unchanged, with no version rewrite.
 *
 * Options (for tests and experiments): --spec <file> (default asyncapi/asyncapi.yaml), --out <dir> (default
 * build/asyncapi-docs).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TOOLCHAIN_DIR = path.join(root, 'codegen', 'asyncapi-docs');
export const DEFAULT_SPEC = path.join(root, 'asyncapi', 'asyncapi.yaml');
export const DEFAULT_OUT = path.join(root, 'build', 'asyncapi-docs');
const TEMPLATE = '@asyncapi/html-template';
const RESULT_MARKER = '@@asyncapi-docs-result@@';

const rel = (file: string) => path.relative(root, file) || '.';

export class AsyncapiDocsError extends Error {}

interface Diagnostic {
  message: string;
  code?: string | number;
  severity?: number;
  path?: (string | number)[];
  source?: string;
  line?: number;
  character?: number;
}

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
    throw new AsyncapiDocsError(`${rel(dir)}/package-lock.json is missing: cannot install the docs toolchain with npm ci.`);
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
  // The template ships its React files pre-transpiled (__transpiled/); use them unless they are missing.
  const compile = !fs.existsSync(path.join(templateDir, '__transpiled', 'index.html.js'));
  const generator = new Generator(templateDir, job.outDir, { forceWrite: true, install: false, compile });
  try {
    await generator.generateFromFile(job.specFile);
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

const formatDiagnostic = (d: Diagnostic, specFile: string): string => {
  const where = d.path && d.path.length > 0 ? ` at ${d.path.join('.')}` : '';
  const file = d.source && path.resolve(d.source) !== specFile ? ` in ${rel(d.source)}` : '';
  const line = d.line !== undefined ? ` (line ${d.line}${d.character !== undefined ? `:${d.character}` : ''})` : '';
  const code = d.code !== undefined ? ` [${d.code}]` : '';
  return `  - ${d.message}${where}${file}${line}${code}`;
};

export interface DocsResult {
  indexHtml: string;
  installMs: number;
  generateMs: number;
  versions: Record<string, string>;
}

export async function generateAsyncapiDocs(
  specFile = DEFAULT_SPEC,
  outDir = DEFAULT_OUT,
  toolchainDir = TOOLCHAIN_DIR,
): Promise<DocsResult> {
  specFile = path.resolve(specFile);
  outDir = path.resolve(outDir);
  if (!existsSync(specFile) || !statSync(specFile).isFile()) {
    throw new AsyncapiDocsError(`AsyncAPI document not found: ${specFile}`);
  }

  const installMs = await ensureToolchain(toolchainDir);

  // Never leave stale docs behind: a failed run must not look like a successful one.
  rmSync(outDir, { recursive: true, force: true });
  console.log(`Generating HTML docs of ${rel(specFile)} with ${TEMPLATE} into ${rel(outDir)}/ ...`);
  const start = performance.now();
  const job = { marker: RESULT_MARKER, toolchainDir, template: TEMPLATE, specFile, outDir };
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
    if (result.diagnostics) {
      throw new AsyncapiDocsError(
        `AsyncAPI document failed to parse: ${rel(specFile)} has ${errors.length} error(s):\n` +
          errors.map((d) => formatDiagnostic(d, specFile)).join('\n'),
      );
    }
    throw new AsyncapiDocsError(
      `HTML generation of ${rel(specFile)} failed: ${result.message ?? 'unknown error'}` +
        (output ? `\nGenerator output:\n${output}` : '') +
        (result.stack ? `\n${result.stack}` : ''),
    );
  }

  const indexHtml = path.join(outDir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new AsyncapiDocsError(
      `The generator reported success but ${indexHtml} was not written.` + (output ? `\nIts output:\n${output}` : ''),
    );
  }
  if (output) console.log(output);
  return { indexHtml, installMs, generateMs, versions: result.versions ?? {} };
}

const argValue = (name: string): string | undefined => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const spec = argValue('--spec');
  const out = argValue('--out');
  generateAsyncapiDocs(spec ? path.resolve(spec) : DEFAULT_SPEC, out ? path.resolve(out) : DEFAULT_OUT)
    .then(({ indexHtml, installMs, generateMs, versions }) => {
      const used = Object.entries(versions)
        .map(([name, version]) => `${name} ${version}`)
        .join(', ');
      const install = installMs > 0 ? `install ${(installMs / 1000).toFixed(1)} s, ` : '';
      console.log(`AsyncAPI docs written (${install}generate ${(generateMs / 1000).toFixed(1)} s; ${used}).`);
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
