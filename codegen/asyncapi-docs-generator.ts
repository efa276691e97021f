/**
 * The generator's run of `npm run docs:asyncapi`: @asyncapi/generator with @asyncapi/html-template, called through
 * its API in a child Node process whose modules resolve from the toolchain folder, offline, reporting one JSON line.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AsyncapiDocsError, parseFailure, rel, type Diagnostic } from './asyncapi-docs-inputs.ts';
import { run } from './asyncapi-docs-toolchain.ts';

const TEMPLATE = '@asyncapi/html-template';
const RESULT_MARKER = '@@asyncapi-docs-result@@';

interface ChildResult {
  ok: boolean;
  message?: string;
  stack?: string;
  diagnostics?: Diagnostic[];
  versions?: Record<string, string>;
  compiled?: boolean;
}

/** What one generator run made. */
export interface GeneratorRun {
  generateMs: number;
  versions: Record<string, string>;
  /** True when this run transpiled the template (first run after an install), false when it reused that. */
  transpiled: boolean;
}

/**
 * The program the child Node process runs (CommonJS, from the toolchain folder). It calls the generator's API and
 * reports one JSON line, prefixed with RESULT_MARKER, on stdout.
 */
export const CHILD_PROGRAM = `
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

/** Runs the generator (child process) into `targetDir`. `outDir` is only named in messages. */
export async function generateInto(
  specFile: string,
  targetDir: string,
  outDir: string,
  toolchainDir: string,
): Promise<GeneratorRun> {
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
