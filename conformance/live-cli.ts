/**
 * `npm run conformance:live -- --broker <url> --username <name> --token <jwt> --api <REST base URL>`: watches the
 * caller's panels on the live feed, judges every message by the AsyncAPI payload schema and checks the broker's
 * refusals. Exit 0: every check passed (skips allowed); 1: not; 2: usage.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_TOPIC_TEMPLATE } from '../generated/live/types.ts';
import { checkTopicTemplate, parseBrokerUrl, sizeLimit, type LiveOptions } from './live-options.ts';
import { formatLiveReport } from './live-report.ts';
import { runLive } from './live.ts';
import { parseTarget } from './run-options.ts';
import { REPORT_FILE_OPTIONS, reportFilesOf, writeReports, type ReportFiles } from './report-files.ts';
import { runCommand, UsageError } from './usage-error.ts';
import { expiredTokenOption, tokenOption } from './session-tokens.ts';

export const LIVE_USAGE = `Usage: npm run conformance:live -- --broker <url> --username <name> --token <jwt> --api <url> [options]

  --broker <url>          the broker's websocket URL, e.g. wss://broker.example.com/mqtt (required)
  --username <name>       the console's broker username, config.json "brokerUsername" (required)
  --token <jwt>           the user's access token: REST bearer token and broker password (required)
  --api <url>             REST base URL the caller's panels are listed from, e.g. https://api.example.com/api (required)
  --topic-template <t>    config.json "liveTopicTemplate" (default: the AsyncAPI channel, ${DEFAULT_TOPIC_TEMPLATE})
  --seconds <n>           how long to watch the feed (default 10)
  --max-bytes <n>         largest message in bytes (default: the AsyncAPI document's, else ${sizeLimit().bytes})
  --other-panel <dev_id>  a live panel of another user, whose messages a granted subscription must not deliver
                          (default: one past the largest dev_id of the caller's list)
  --timeout <ms>          bound of each REST request, broker sign-in and SUBACK (default 10000)
  --probe-ms <ms>         how long a PUBLISH probe may take to arrive before it counts as refused (default 2000)
  --expired-token <jwt>   a token of this server whose exp has passed: a CONNECT with it must be refused
  --revoked-token <jwt>   a token of a session signed out (POST /logout): a CONNECT with it must be refused
  --json <file>           also write the results and figures as JSON
  --junit <file>          also write a JUnit XML report (one test case per check)
  --html <file>           also write a self-contained HTML report
  -h, --help              this text`;

export interface LiveCliArgs {
  options: LiveOptions;
  files: ReportFiles;
  help: boolean;
}

const positive = (name: string, text: string | undefined, whole: boolean): number | undefined => {
  if (text === undefined) return undefined;
  const pattern = whole ? /^\d+$/ : /^\d+(\.\d+)?$/;
  if (!pattern.test(text) || !(Number(text) > 0) || !Number.isFinite(Number(text)))
    throw new UsageError(`--${name} must be a positive ${whole ? 'whole ' : ''}number, got "${text}"`);
  if (whole && !Number.isSafeInteger(Number(text))) throw new UsageError(`--${name} is too large: "${text}"`);
  return Number(text);
};

/** The REST base URL, checked as `npm run conformance` checks its `--target`. */
const parseApi = (text: string): string => {
  try {
    return parseTarget(text);
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(error.message.replace(/--target\b/g, '--api'));
    throw error;
  }
};

export function parseLiveCli(argv: string[]): LiveCliArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        broker: { type: 'string' },
        username: { type: 'string' },
        token: { type: 'string' },
        api: { type: 'string' },
        'topic-template': { type: 'string' },
        seconds: { type: 'string' },
        'max-bytes': { type: 'string' },
        'other-panel': { type: 'string' },
        timeout: { type: 'string' },
        'probe-ms': { type: 'string' },
        'expired-token': { type: 'string' },
        'revoked-token': { type: 'string' },
        ...REPORT_FILE_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { options: { broker: '', username: '', token: '', api: '' }, help: true, files: {} };
  for (const name of ['broker', 'username', 'token', 'api'] as const) {
    if (!values[name]) throw new UsageError(`--${name} is required`);
  }
  const seconds = positive('seconds', values.seconds, false);
  const maxBytes = positive('max-bytes', values['max-bytes'], true);
  const otherPanel = positive('other-panel', values['other-panel'], true);
  const timeoutMs = positive('timeout', values.timeout, true);
  const probeMs = positive('probe-ms', values['probe-ms'], true);
  const expiredToken = expiredTokenOption(values['expired-token']);
  const revokedToken = tokenOption('revoked-token', values['revoked-token']);
  const options: LiveOptions = {
    broker: parseBrokerUrl(values.broker!),
    username: values.username!,
    token: values.token!,
    api: parseApi(values.api!),
    ...(values['topic-template'] !== undefined ? { topicTemplate: checkTopicTemplate(values['topic-template']) } : {}),
    ...(seconds !== undefined ? { seconds } : {}),
    ...(maxBytes !== undefined ? { maxBytes } : {}),
    ...(otherPanel !== undefined ? { otherPanel } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(probeMs !== undefined ? { probeMs } : {}),
    ...(expiredToken !== undefined ? { expiredToken } : {}),
    ...(revokedToken !== undefined ? { revokedToken } : {}),
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
    usage: LIVE_USAGE,
    failure: 'Live conformance run failed',
    parse: parseLiveCli,
    run: async (args: LiveCliArgs) => {
      // Ctrl-C closes the window early: the connections end and the report is still printed.
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once('SIGINT', onSignal);
      try {
        const startedAt = new Date().toISOString();
        const report = await runLive({ ...args.options, signal: stop.signal });
        process.stdout.write(`${formatLiveReport(report)}\n`);
        writeReports(args.files, report, () => ({
          title: `Live feed conformance of ${args.options.broker}`,
          startedAt,
          durationMs: report.stats.durationMs,
          results: report.results,
          strictProposals: false,
        }));
        return report.results.some((result) => result.status === 'failed') ? 1 : 0;
      } finally {
        process.off('SIGINT', onSignal);
      }
    },
  });

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
