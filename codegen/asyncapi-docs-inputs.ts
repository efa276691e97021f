/**
 * What the AsyncAPI HTML docs are made from, checked before the generator runs: the document must parse (a clear
 * message in a second, without the generator's toolchain), and the docs already written are reused while every input
 * is unchanged. The inputs are the document, every local file it references (transitively, as `$ref`), the
 * toolchain's lockfile (the generator and template versions) and the program that calls the generator; their digest
 * is written beside the docs (`.inputs.sha256`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiagnosticSeverity, Parser, fromFile } from '@asyncapi/parser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export class AsyncapiDocsError extends Error {}

/** Path relative to the project root for messages; absolute when it lies outside the project. */
export const rel = (file: string) => {
  const relative = path.relative(root, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative || '.';
};

export interface Diagnostic {
  message: string;
  code?: string | number;
  severity?: number;
  path?: (string | number)[];
  source?: string;
  line?: number;
  character?: number;
}

export const formatDiagnostic = (d: Diagnostic, specFile: string): string => {
  const where = d.path && d.path.length > 0 ? ` at ${d.path.join('.')}` : '';
  const file = d.source && path.resolve(d.source) !== specFile ? ` in ${rel(d.source)}` : '';
  const line = d.line !== undefined ? ` (line ${d.line}${d.character !== undefined ? `:${d.character}` : ''})` : '';
  const code = d.code !== undefined ? ` [${d.code}]` : '';
  return `  - ${d.message}${where}${file}${line}${code}`;
};

/** The parse failure's message, as the docs script prints it. */
export const parseFailure = (specFile: string, errors: Diagnostic[]) =>
  new AsyncapiDocsError(
    `AsyncAPI document failed to parse: ${rel(specFile)} has ${errors.length} error(s):\n` +
      errors.map((d) => formatDiagnostic(d, specFile)).join('\n'),
  );

/**
 * Parses the document with the project's @asyncapi/parser (the version the template parses with) and throws the
 * docs script's parse failure when it has errors.
 */
export async function assertParses(specFile: string): Promise<void> {
  const { diagnostics } = await fromFile(new Parser(), specFile).parse();
  const errors = diagnostics
    .filter((d) => d.severity === DiagnosticSeverity.Error)
    .map((d) => ({
      message: d.message,
      code: d.code,
      severity: d.severity,
      path: d.path,
      source: d.source,
      line: d.range.start.line + 1,
      character: d.range.start.character,
    }));
  if (errors.length > 0) throw parseFailure(specFile, errors);
}

const REF = /\$ref["']?\s*:\s*["']?([^"'#\s]+)/g;

/** The document and every local file it references, transitively (absolute paths, the document first). */
export function referencedFiles(specFile: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    if (!existsSync(file))
      throw new AsyncapiDocsError(`A file the AsyncAPI document references is missing: ${rel(file)}`);
    seen.add(file);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(REF)) {
      if (!/^[a-z][a-z+.-]*:/i.test(target!)) visit(path.resolve(path.dirname(file), target!));
    }
  };
  visit(path.resolve(specFile));
  return [...seen];
}

/**
 * The digest of everything the docs are made from. Files are named relative to the document's folder, so the same
 * inputs give the same digest wherever the project lies.
 */
export function inputsDigest(specFile: string, toolchainLock: string, generatorProgram: string): string {
  const hash = createHash('sha256');
  const base = path.dirname(path.resolve(specFile));
  const part = (name: string, content: string | Buffer) => {
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    hash.update(`${name}\0${bytes.length}\0`).update(bytes);
  };
  part('generator program', generatorProgram);
  part('toolchain lockfile', existsSync(toolchainLock) ? readFileSync(toolchainLock) : 'none');
  for (const file of referencedFiles(specFile)) part(path.relative(base, file), readFileSync(file));
  return hash.digest('hex');
}

export const DIGEST_FILE = '.inputs.sha256';

/** True when `outDir` holds docs made from inputs with this digest. */
export const docsUpToDate = (outDir: string, digest: string): boolean => {
  const stamp = path.join(outDir, DIGEST_FILE);
  return (
    existsSync(stamp) && existsSync(path.join(outDir, 'index.html')) && readFileSync(stamp, 'utf8').trim() === digest
  );
};
