/**
 * The live-feed contract (asyncapi/asyncapi.yaml) parses cleanly with @asyncapi/parser and describes the feed the
 * console relies on, and `npm run docs:asyncapi` turns it into HTML documentation that shows the channel, the
 * message and its payload (build/asyncapi-docs/, generated with @asyncapi/generator + @asyncapi/html-template from
 * their own toolchain folder, codegen/asyncapi-docs/).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { Parser, fromFile, DiagnosticSeverity } from '@asyncapi/parser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const specFile = path.join(root, 'asyncapi', 'asyncapi.yaml');
const outDir = path.join(root, 'build', 'asyncapi-docs');
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

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

  it('fails with a clear message when the document does not parse', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'asyncapi-docs-bad-'));
    try {
      const bad = path.join(dir, 'asyncapi.yaml');
      writeFileSync(bad, readFileSync(specFile, 'utf8').replace('action: receive', 'action: listen'));
      const { status, output } = runDocsScript(['--spec', bad, '--out', path.join(dir, 'out')]);
      expect(status, output).toBe(1);
      expect(output).toContain('AsyncAPI document failed to parse');
      expect(output).toContain('operations.receivePanelUpdate.action');
      // Nothing written: no output folder and no leftover staging folder.
      expect(readdirSync(dir)).toEqual(['asyncapi.yaml']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
