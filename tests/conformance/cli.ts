/**
 * `npm run conformance -- --target <base URL>`: replays the contract's examples against a server through Prism's
 * validating proxy and prints which operations conform. Exit 0: every replayed operation conforms; 1: not; 2: usage.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { formatReport } from './report.ts';
import { parseTarget, runConformance, UsageError, type ConformanceOptions } from './runner.ts';

export const USAGE = `Usage: npm run conformance -- --target <base URL> [options]

  --target <url>          base URL of the server under test, e.g. http://127.0.0.1:8080/api (required)
  --token <jwt>           bearer token (default: the contract's admin login example token)
  --only <id,id,...>      replay only these operationIds
  --json <file>           also write the full report as JSON
  --concurrency <n>       requests in flight at once, 1-32 (default 4)
  --timeout <ms>          per-request timeout (default 10000)
  -h, --help              this text`;

export interface CliArgs {
  options: ConformanceOptions;
  json?: string;
  help: boolean;
}

const positiveInt = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new UsageError(`--${name} must be a positive whole number, got "${text}"`);
  return Number(text);
};

export function parseCli(argv: string[]): CliArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        target: { type: 'string' },
        token: { type: 'string' },
        only: { type: 'string' },
        json: { type: 'string' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { options: { target: '' }, help: true };
  if (!values.target) throw new UsageError('--target is required');
  const only = values.only
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (values.only !== undefined && (!only || only.length === 0)) throw new UsageError('--only needs operation ids');
  const concurrency = positiveInt('concurrency', values.concurrency);
  const timeoutMs = positiveInt('timeout', values.timeout);
  const options: ConformanceOptions = {
    target: parseTarget(values.target),
    ...(values.token !== undefined ? { token: values.token } : {}),
    ...(only ? { only } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  };
  return { options, help: false, ...(values.json ? { json: values.json } : {}) };
}

export async function main(argv: string[]): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const report = await runConformance(args.options);
    process.stdout.write(`${formatReport(report)}\n`);
    if (args.json) {
      writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
      process.stderr.write(`Full report written to ${args.json}\n`);
    }
    return report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`Conformance run failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
