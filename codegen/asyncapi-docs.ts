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
 * test runs) would otherwise race on `npm ci`, on the template's transpile folder and on the output. The steps live
 * in asyncapi-docs-toolchain.ts (1), asyncapi-docs-generator.ts (2) and asyncapi-docs-lock.ts (the lock).
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
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { docsCacheDir, restoreFromCache, storeInCache } from './asyncapi-docs-cache.ts';
import { CHILD_PROGRAM, generateInto, type GeneratorRun } from './asyncapi-docs-generator.ts';
import { AsyncapiDocsError, DIGEST_FILE, assertParses, docsUpToDate, inputsDigest } from './asyncapi-docs-inputs.ts';
import { withLock } from './asyncapi-docs-lock.ts';
import { TOOLCHAIN_DIR, ensureToolchain } from './asyncapi-docs-toolchain.ts';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_SPEC = path.join(root, 'asyncapi', 'asyncapi.yaml');
export const DEFAULT_OUT = path.join(root, 'build', 'asyncapi-docs');

export { AsyncapiDocsError };

export interface DocsResult extends GeneratorRun {
  indexHtml: string;
  installMs: number;
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
