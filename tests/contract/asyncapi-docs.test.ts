/**
 * The live-feed contract (asyncapi/asyncapi.yaml) parses cleanly with @asyncapi/parser and describes the feed the
 * console relies on, and `npm run docs:asyncapi` turns it into HTML documentation that shows the channel, the
 * message and its payload (build/asyncapi-docs/, generated with @asyncapi/generator + @asyncapi/html-template from
 * their own toolchain folder, codegen/asyncapi-docs/). The generator runs once here (about 20 s on a clean clone,
 * plus the toolchain's install): what comes before it (the parse, the inputs) is checked without it, and a second
 * run with the same inputs keeps the docs it made.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { Parser, fromFile, DiagnosticSeverity } from '@asyncapi/parser';
import {
  AsyncapiDocsError,
  DEFAULT_OUT,
  DEFAULT_SPEC,
  docsInputsDigest,
  generateAsyncapiDocs,
} from '../../codegen/asyncapi-docs.ts';
import { TOOLCHAIN_DIR } from '../../codegen/asyncapi-docs-toolchain.ts';
import { storeInCache } from '../../codegen/asyncapi-docs-cache.ts';
import { DIGEST_FILE, docsUpToDate, inputsDigest, referencedFiles } from '../../codegen/asyncapi-docs-inputs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const specFile = path.join(root, 'asyncapi', 'asyncapi.yaml');
const outDir = path.join(root, 'build', 'asyncapi-docs');
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
/** A stand-in for the program that calls the generator (a part of the inputs like any other). */
const PROGRAM = 'new Generator(template, out).generateFromFile(spec)';

/** Runs the docs script (the program behind `npm run docs:asyncapi`) in a child process. */
const runDocsScript = (args: string[] = []) => {
  const result = spawnSync(process.execPath, [tsxCli, path.join(root, 'codegen', 'asyncapi-docs.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 290_000,
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
  });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}`, error: result.error };
};

describe('asyncapi/asyncapi.yaml', () => {
  it('parses with @asyncapi/parser without errors and describes the panel feed', async () => {
    const { document, diagnostics } = await fromFile(new Parser(), specFile).parse();
    const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
    expect(errors.map((d) => `${d.message} at ${d.path.join('.')}`)).toEqual([]);
    expect(document).toBeDefined();
    if (!document) return;

    expect(document.version()).toBe('3.1.0');

    const channel = document.channels().get('panelState');
    expect(channel?.address()).toBe('panels/{dev_id}');
    expect(channel?.parameters().get('dev_id')).toBeDefined();

    const message = document.components().messages().get('panelUpdate');
    expect(message?.title()).toBe('Panel update');
    const payload = message?.payload();
    expect(payload).toBeDefined();
    // The payload is PanelLiveUpdate: a closed partial panel record whose `dev_id` is optional (the topic names the panel).
    expect(Object.keys(payload?.properties() ?? {})).toContain('dev_id');
    expect(payload?.required() ?? []).not.toContain('dev_id');
    expect(payload?.additionalProperties()).toBe(false);

    const operation = document.operations().get('receivePanelUpdate');
    expect(operation?.action()).toBe('receive');
    expect(operation?.isReceive()).toBe(true);
    expect(
      operation
        ?.channels()
        .all()
        .map((c) => c.id()),
    ).toEqual(['panelState']);
  });
});

describe('npm run docs:asyncapi', () => {
  it('writes build/asyncapi-docs/index.html showing the channel, the message and its payload', () => {
    const { status, output, error } = runDocsScript();
    expect(error, output).toBeUndefined();
    expect(status, output).toBe(0);
    const indexHtml = path.join(outDir, 'index.html');
    expect(output).toContain(`index.html: ${indexHtml}`);
    expect(existsSync(indexHtml)).toBe(true);

    const html = readFileSync(indexHtml, 'utf8');
    expect(html).toContain('<title>Alarm panel live feed 1.0.0 documentation</title>');
    expect(html).toContain('panels/{dev_id}');
    expect(html).toContain('Panel update');
    expect(html).toContain('gsmlevel');
    expect(html).toContain('receivePanelUpdate');

    // The page's script renders from the full parsed document: the payload schema resolved from
    // ../openapi/components/panels.yaml must be in it (gsmlevel with its description).
    const appJs = readFileSync(path.join(outDir, 'js', 'app.js'), 'utf8');
    expect(appJs).toContain('"gsmlevel"');
    expect(appJs).toContain('GSM signal level 0-100');
    expect(existsSync(path.join(outDir, 'js', 'asyncapi-ui.min.js'))).toBe(true);
    expect(existsSync(path.join(outDir, 'css', 'asyncapi.min.css'))).toBe(true);
  }, 300_000);

  it('keeps the docs it made while their inputs are unchanged, without running the generator', async () => {
    const stamp = readFileSync(path.join(outDir, DIGEST_FILE), 'utf8').trim();
    expect(stamp).toBe(docsInputsDigest());
    const result = await generateAsyncapiDocs(DEFAULT_SPEC, DEFAULT_OUT);
    expect(result).toMatchObject({ made: 'kept', generateMs: 0, installMs: 0 });
  });

  it('copies docs made from the same inputs before from the cache into a clean folder, and keeps the newest three', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'asyncapi-docs-cache-'));
    try {
      const cache = path.join(dir, 'cache');
      const digest = docsInputsDigest();
      storeInCache(cache, digest, outDir);
      const out = path.join(dir, 'clean', 'asyncapi-docs');
      const result = await generateAsyncapiDocs(DEFAULT_SPEC, out, TOOLCHAIN_DIR, cache);
      expect(result).toMatchObject({
        made: 'cache',
        generateMs: 0,
        installMs: 0,
        indexHtml: path.join(out, 'index.html'),
      });
      for (const file of ['index.html', 'js/app.js', DIGEST_FILE]) {
        expect(readFileSync(path.join(out, file), 'utf8')).toBe(readFileSync(path.join(outDir, file), 'utf8'));
      }
      // The entry's stamp is its digest: other inputs (another digest, the test below) never match it.
      expect(docsUpToDate(path.join(cache, digest), digest)).toBe(true);
      expect(docsUpToDate(path.join(cache, digest), 'f'.repeat(64))).toBe(false);
      const older = ['a', 'b', 'c'].map((letter) => letter.repeat(64));
      older.forEach((name, index) => {
        storeInCache(cache, name, outDir);
        const time = new Date(Date.now() - (older.length - index) * 60_000);
        utimesSync(path.join(cache, name), time, time);
      });
      storeInCache(cache, digest, outDir);
      expect(readdirSync(cache).sort()).toEqual([digest, 'b'.repeat(64), 'c'.repeat(64)].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what the docs are made from, checked before the generator', () => {
  it('refuses a document that does not parse with a clear message, without the toolchain and writing nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'asyncapi-docs-bad-'));
    try {
      const bad = path.join(dir, 'asyncapi.yaml');
      writeFileSync(bad, readFileSync(specFile, 'utf8').replace('action: receive', 'action: listen'));
      // A toolchain folder with nothing in it: the refusal comes before any install or generator run.
      const emptyToolchain = path.join(dir, 'toolchain');
      mkdirSync(emptyToolchain);
      const refusal = generateAsyncapiDocs(bad, path.join(dir, 'out'), emptyToolchain);
      await expect(refusal).rejects.toThrow(AsyncapiDocsError);
      await expect(refusal).rejects.toThrow(/AsyncAPI document failed to parse: .*asyncapi\.yaml has \d+ error/);
      await expect(refusal).rejects.toThrow('operations.receivePanelUpdate.action');
      // Nothing written: no output folder and no leftover staging folder; the toolchain folder is untouched.
      expect(readdirSync(dir).sort()).toEqual(['asyncapi.yaml', 'toolchain']);
      expect(readdirSync(emptyToolchain)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes the docs again when the document, a file it references or the toolchain changes', () => {
    const lock = path.join(root, 'codegen/asyncapi-docs/package-lock.json');
    const files = referencedFiles(specFile);
    // Some of the payload's schemas come from the REST contract's components and settings.
    expect(files.map((file) => path.relative(root, file))).toEqual([
      'asyncapi/asyncapi.yaml',
      'openapi/components/common.yaml',
      'openapi/settings/common.json',
    ]);
    const digest = inputsDigest(specFile, lock, PROGRAM);

    // The same inputs elsewhere: the same digest. A change to any of them: another.
    const dir = mkdtempSync(path.join(tmpdir(), 'asyncapi-docs-inputs-'));
    try {
      const copyOf = (file: string) => path.join(dir, path.relative(root, file));
      for (const file of files) cpSync(file, copyOf(file));
      const copiedSpec = copyOf(specFile);
      expect(inputsDigest(copiedSpec, lock, PROGRAM)).toBe(digest);
      expect(inputsDigest(copiedSpec, lock, `${PROGRAM} `)).not.toBe(digest);
      const otherLock = path.join(dir, 'package-lock.json');
      writeFileSync(otherLock, readFileSync(lock, 'utf8').replace('"version": "2.11.0"', '"version": "2.11.1"'));
      expect(inputsDigest(copiedSpec, otherLock, PROGRAM)).not.toBe(digest);
      for (const file of files) {
        const copy = copyOf(file);
        const before = readFileSync(copy);
        writeFileSync(copy, `${before.toString()}\n# changed\n`);
        expect({
          file: path.relative(root, file),
          changed: inputsDigest(copiedSpec, lock, PROGRAM) !== digest,
        }).toEqual({
          file: path.relative(root, file),
          changed: true,
        });
        writeFileSync(copy, before);
      }
      // A reference to a file that is not there is said, not skipped.
      writeFileSync(copiedSpec, `${readFileSync(copiedSpec, 'utf8')}\nx-extra:\n  $ref: './missing.yaml#/A'\n`);
      expect(() => inputsDigest(copiedSpec, lock, PROGRAM)).toThrow(/references is missing: .*missing\.yaml/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
