/**
 * `npm run conformance -- --target <base URL>`: replays the contract's examples against a server through Prism's
 * validating proxy, then checks that it refuses bad input, holds the authorization matrix and keeps state through
 * the console's flows; prints the report (and writes JSON, JUnit and HTML reports when asked).
 * Exit 0: every check passed; 1: not; 2: usage.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readIdentities, type GivenIdentities } from './identities.ts';
import { REPORT_FILE_OPTIONS, reportFilesOf, writeReports, type ReportFiles } from './report-files.ts';
import { caseReport, formatReport } from './report.ts';
import { runCommand, UsageError } from './usage-error.ts';
import { expiredTokenOption, tokenOption } from './session-tokens.ts';
import { reauthAccountOption, staleTokenOption } from './reauth-options.ts';
import { reauthMinutes } from '../generated/api/reauth.ts';
import { parseTarget, type ConformanceOptions, type RestKind } from './run-options.ts';
import { runConformance } from './runner.ts';
import { USAGE } from './cli-usage.ts';

export interface CliArgs {
  options: ConformanceOptions;
  files: ReportFiles;
  help: boolean;
}

const positiveInt = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new UsageError(`--${name} must be a positive whole number, got "${text}"`);
  return Number(text);
};

/** The accounts from `--identities`, with `--token-a`/`--token-b`/`--token-dealer` over the file's tokens. */
function identityOption(values: {
  identities?: string;
  'token-a'?: string;
  'token-b'?: string;
  'token-dealer'?: string;
}): { identities?: GivenIdentities } {
  const file = values.identities ? readIdentities(values.identities) : undefined;
  const tokenA = values['token-a'];
  const tokenB = values['token-b'];
  if (!file && (tokenA === undefined) !== (tokenB === undefined))
    throw new UsageError('--token-a and --token-b go together (two end users, each with a panel)');
  if (!file && tokenA === undefined) {
    if (values['token-dealer'] !== undefined) throw new UsageError('--token-dealer needs --token-a and --token-b');
    return {};
  }
  const dealer = values['token-dealer'] ?? file?.dealer?.token;
  return {
    identities: {
      a: { ...file?.a, token: tokenA ?? file!.a.token },
      b: { ...file?.b, token: tokenB ?? file!.b.token },
      ...(dealer !== undefined ? { dealer: { ...file?.dealer, token: dealer } } : {}),
    },
  };
}

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
        ...REPORT_FILE_OPTIONS,
        checks: { type: 'string' },
        'allow-writes': { type: 'boolean' },
        identities: { type: 'string' },
        'token-a': { type: 'string' },
        'token-b': { type: 'string' },
        'token-dealer': { type: 'string' },
        seed: { type: 'string' },
        'flow-panel': { type: 'string' },
        'bill-order': { type: 'string' },
        'sign-out-token': { type: 'string' },
        'expired-token': { type: 'string' },
        'reauth-account': { type: 'string' },
        'stale-token': { type: 'string' },
        'pin-panel': { type: 'string' },
        'pin-password': { type: 'string' },
        'abuse-account': { type: 'string' },
        'abuse-client': { type: 'boolean' },
        'password-account': { type: 'string' },
        'second-factor-account': { type: 'string' },
        'max-cases': { type: 'string' },
        'strict-proposals': { type: 'boolean' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { options: { target: '' }, help: true, files: {} };
  if (!values.target) throw new UsageError('--target is required');
  const only = values.only
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (values.only !== undefined && (!only || only.length === 0)) throw new UsageError('--only needs operation ids');
  const concurrency = positiveInt('concurrency', values.concurrency);
  const timeoutMs = positiveInt('timeout', values.timeout);
  const maxCases = positiveInt('max-cases', values['max-cases']);
  if (values.seed !== undefined && !/^\d+$/.test(values.seed))
    throw new UsageError(`--seed must be a whole number, got "${values.seed}"`);
  if (values['flow-panel'] !== undefined && !/^\d+$/.test(values['flow-panel']))
    throw new UsageError(`--flow-panel must be a panel's dev_id (digits), got "${values['flow-panel']}"`);
  if (values['bill-order'] !== undefined && !/^\d+$/.test(values['bill-order']))
    throw new UsageError(`--bill-order must be an order id (digits), got "${values['bill-order']}"`);
  const signOutToken = tokenOption('sign-out-token', values['sign-out-token']);
  const expiredToken = expiredTokenOption(values['expired-token']);
  const reauthAccount = reauthAccountOption(values['reauth-account']);
  const staleToken = staleTokenOption(values['stale-token'], reauthMinutes);
  if (values['pin-panel'] !== undefined && !/^\d+$/.test(values['pin-panel']))
    throw new UsageError(`--pin-panel must be a panel's dev_id (digits), got "${values['pin-panel']}"`);
  if (values['pin-password'] !== undefined && !/^\S+$/.test(values['pin-password']))
    throw new UsageError('--pin-password must be a panel password without spaces');
  const passwordAccount = values['password-account']?.match(/^(\d+):(.+)$/);
  if (values['password-account'] !== undefined && !passwordAccount)
    throw new UsageError(`--password-account must be <user id>:<user name>, got "${values['password-account']}"`);
  const secondFactorAccount = secondFactorAccountOption(values['second-factor-account']);
  const checks = values.checks
    ?.split(',')
    .map((kind) => kind.trim())
    .filter(Boolean) as RestKind[] | undefined;
  const options: ConformanceOptions = {
    target: parseTarget(values.target),
    ...(values.token !== undefined ? { token: values.token } : {}),
    ...(only ? { only } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(checks ? { checks } : {}),
    ...(values['allow-writes'] ? { allowWrites: true } : {}),
    ...(values.seed !== undefined ? { seed: Number(values.seed) } : {}),
    ...(maxCases !== undefined ? { maxCases } : {}),
    ...(values['flow-panel'] !== undefined ? { flowPanel: Number(values['flow-panel']) } : {}),
    ...(values['bill-order'] !== undefined ? { billOrder: Number(values['bill-order']) } : {}),
    ...(values['pin-panel'] !== undefined ? { pinPanel: Number(values['pin-panel']) } : {}),
    ...(values['pin-password'] !== undefined ? { pinPassword: values['pin-password'] } : {}),
    ...(values['abuse-account']?.trim() ? { abuseAccount: values['abuse-account'].trim() } : {}),
    ...(values['abuse-client'] ? { abuseClient: true } : {}),
    ...(passwordAccount ? { passwordAccount: { id: Number(passwordAccount[1]), username: passwordAccount[2]! } } : {}),
    ...(secondFactorAccount ? { secondFactorAccount } : {}),
    ...(values['strict-proposals'] ? { strictProposals: true } : {}),
    ...(signOutToken !== undefined ? { signOutToken } : {}),
    ...(expiredToken !== undefined ? { expiredToken } : {}),
    ...(reauthAccount ? { reauthAccount } : {}),
    ...(staleToken !== undefined ? { staleToken } : {}),
    ...identityOption(values),
    log: (line) => process.stderr.write(`${line}\n`),
  };
  return {
    options,
    help: false,
    files: reportFilesOf(values),
  };
}

export const main = (argv: string[]): Promise<number> =>
  runCommand(argv, {
    usage: USAGE,
    failure: 'Conformance run failed',
    parse: parseCli,
    run: async (args: CliArgs) => {
      const report = await runConformance(args.options);
      process.stdout.write(`${formatReport(report)}\n`);
      writeReports(args.files, report, () => caseReport(report));
      return report.ok ? 0 : 1;
    },
  });

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}

/** `--second-factor-account <user name>`, its password from the environment (never on a command line). */
function secondFactorAccountOption(username: string | undefined, env = process.env) {
  if (username === undefined) return undefined;
  const password = env.CONFORMANCE_SECOND_FACTOR_PASSWORD;
  if (!username.trim()) throw new UsageError('--second-factor-account needs a user name');
  if (!password)
    throw new UsageError('--second-factor-account needs its password in CONFORMANCE_SECOND_FACTOR_PASSWORD');
  return { username: username.trim(), password };
}
