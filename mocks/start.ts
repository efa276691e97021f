// Over 200 lines: `npm start`'s options and usage, and the one start and stop of everything it runs.
/**
 * `npm start`: the console with its embedded mock stack (Prism, mock API front, MQTT broker, panel simulator).
 * Ports: --console-port/CONSOLE_PORT (5173), --api-port/MOCK_API_PORT (4010), --prism-port/PRISM_PORT (4011),
 * --broker-port/BROKER_PORT (9001). `--no-console` runs the mock stack alone; `--prod` serves the console's production
 * build instead of the development server; `--api-delay`, `--api-fail` make the mock API slow or failing.
 * Ctrl-C, SIGTERM or SIGHUP stops everything it started (also while it is still starting) and frees every port;
 * a second Ctrl-C stops at once, and Prism is killed whenever this process ends.
 */
import { parseArgs } from 'node:util';
import { createServer, type PreviewServer, type ViteDevServer } from 'vite';
import { ensurePortFree, PortTakenError } from './ports.ts';
import { localConsoleConfig } from '../scripts/console-config.ts';
import { startMockStack, type RunningStack } from './stack.ts';
import { describeApiFaults, parseApiFaults } from './api-faults.ts';
import { serveProductionBuild } from './serve-build.ts';
import { ROOT } from './contract.ts';

const USAGE = `Usage: npm start -- [options]
  The console with its embedded mock stack (Prism, mock API front, MQTT broker, panel simulator).
  --console-port <port>   the console (CONSOLE_PORT, default 5173)
  --api-port <port>       the mock API (MOCK_API_PORT, default 4010)
  --prism-port <port>     Prism behind the mock API (PRISM_PORT, default 4011)
  --broker-port <port>    the MQTT broker, websocket (BROKER_PORT, default 9001)
  --no-console            the mock stack alone
  --tick-ms <ms>          how often the simulated panels change (default 1500; 0: never)
  --empty-queue           start with an empty programming queue (default: the contract's example queue)
  --api-delay <ms>        every mock API call answers after this long (a slow API; default 0)
  --api-fail <status>     every mock API call answers this HTTP error status, 400-599 (a failing API)
  --api-fault-path <path> the two above only for calls whose path starts with this (/api/command/...)
  --prod                  build the console and serve the production build (as deployed) instead of the
                          development server: slower to start, fast pages (npm run start:prod)
  --quiet                 say less
  --help                  this text`;

const readArgs = () => {
  try {
    return parseArgs({
      options: {
        'console-port': { type: 'string' },
        'api-port': { type: 'string' },
        'prism-port': { type: 'string' },
        'broker-port': { type: 'string' },
        'no-console': { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        'tick-ms': { type: 'string' },
        'empty-queue': { type: 'boolean', default: false },
        'api-delay': { type: 'string' },
        'api-fail': { type: 'string' },
        'api-fault-path': { type: 'string' },
        prod: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
};

const { values } = readArgs();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const port = (flag: string | undefined, env: string | undefined, fallback: number, name: string): number => {
  const raw = flag ?? env;
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`Invalid ${name} port "${raw}": use a whole number between 1 and 65535.`);
    process.exit(2);
  }
  return value;
};

const tickMs = (() => {
  const raw = values['tick-ms'];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < 0) {
    console.error(
      `Invalid --tick-ms "${raw}": use a whole number of milliseconds (0: the panels do not change).\n\n${USAGE}`,
    );
    process.exit(2);
  }
  return value;
})();

// A slow or failing API from the start (mocks/api-faults.ts; the control POST /api/__mock/api-faults changes it).
const apiFaults = (() => {
  const number = (raw: string | undefined) => (raw === undefined || raw.trim() === '' ? raw : Number(raw));
  const parsed = parseApiFaults({
    ...(values['api-delay'] !== undefined && { delay_ms: number(values['api-delay']) }),
    ...(values['api-fail'] !== undefined && { fail_status: number(values['api-fail']) }),
    ...(values['api-fault-path'] !== undefined && { path: values['api-fault-path'] }),
  });
  if ('message' in parsed) {
    console.error(`Invalid --api-delay, --api-fail or --api-fault-path: ${parsed.message}.\n\n${USAGE}`);
    process.exit(2);
  }
  return parsed;
})();

const ports = {
  console: port(values['console-port'], process.env.CONSOLE_PORT, 5173, 'console'),
  api: port(values['api-port'], process.env.MOCK_API_PORT, 4010, 'mock API'),
  prism: port(values['prism-port'], process.env.PRISM_PORT, 4011, 'Prism'),
  broker: port(values['broker-port'], process.env.BROKER_PORT, 9001, 'broker'),
};

const EXAMPLE_USERS: [string, string][] = [
  ['admin', 'administrator (user type 2)'],
  ['dealer', 'dealer (user type 1)'],
  ['user', 'end user (user type 0) who owns the example panels'],
  ['olduser', 'end user migrated from the old app (OldUserId > 0)'],
  ['nosub', 'end user without a subscription (free plan)'],
];

/** Why the start was abandoned: a stop signal, not a failure. */
class StopRequested extends Error {}

/** How long an orderly stop may take before the process ends anyway. */
const STOP_DEADLINE_MS = 15_000;

const running: { stack?: RunningStack; vite?: ViteDevServer; preview?: PreviewServer } = {};
const controller = new AbortController();
let startup: Promise<void> = Promise.resolve();
let stopping = false;

const stopAll = async (): Promise<void> => {
  await running.vite?.close().catch(() => undefined);
  await running.preview?.close().catch(() => undefined);
  await running.stack?.stop();
};

function shutdown(signal: NodeJS.Signals): void {
  if (stopping) {
    console.error('Stopping now.');
    process.exit(130);
  }
  stopping = true;
  if (!values.quiet) console.log(`\n${signal}: stopping (press Ctrl-C again to stop at once)...`);
  controller.abort(new StopRequested(signal));
  setTimeout(() => {
    console.error(`Not stopped after ${STOP_DEADLINE_MS / 1000} s: stopping now.`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  // Let a start in progress settle (it gives up at its next step), then stop whatever is running.
  void startup
    .catch(() => undefined)
    .then(stopAll)
    .then(() => process.exit(0));
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));
// `npm start` runs this file as `node --import tsx`, one process that receives the signals itself: the `tsx` command
// relays a signal to its child and kills it outright when the child does not answer within 30 ms (easily missed
// on a loaded machine), which skips the stop and leaves Prism behind. Started by another process with an IPC
// channel (the `tsx` command does that), stop too when that one goes.
if (process.send) process.once('disconnect', () => shutdown('SIGHUP'));

async function main(): Promise<void> {
  const log = values.quiet ? () => undefined : (line: string) => console.log(`  ${line}`);
  const config = localConsoleConfig();
  const signal = controller.signal;
  if (!values['no-console']) {
    await ensurePortFree({ name: 'console', port: ports.console, setting: '--console-port or CONSOLE_PORT' });
  }

  console.log('Starting the mock stack...');
  running.stack = await startMockStack({
    ports,
    brokerUsername: config.brokerUsername,
    topicTemplate: config.liveTopicTemplate,
    tickMs,
    // The contract's example installation, its programming queue included: every id an example names exists.
    queueExamples: !values['empty-queue'],
    apiFaults,
    log,
    signal,
  });
  const stack = running.stack;
  signal.throwIfAborted();

  const proxy = {
    '/api': { target: stack.apiUrl },
    '/files': { target: stack.apiUrl },
    // The fake card payment provider's pages (mocks/payment-provider/provider.ts), on the console's own origin.
    '/provider': { target: stack.apiUrl },
    '/mqtt': { target: stack.brokerUrl, ws: true },
  };
  if (!values['no-console'] && values.prod) {
    console.log('Building the console (production build)...');
    running.preview = await serveProductionBuild({ port: ports.console, proxy, signal });
  } else if (!values['no-console']) {
    running.vite = await createServer({
      root: ROOT,
      server: {
        host: '127.0.0.1',
        port: ports.console,
        strictPort: true,
        proxy,
      },
    });
    signal.throwIfAborted();
    await running.vite.listen();
    signal.throwIfAborted();
  }

  console.log('');
  if (running.vite) {
    console.log(
      `Console:   http://127.0.0.1:${ports.console}/   (development build: the first load of each page is slow)`,
    );
  }
  if (running.preview) console.log(`Console:   http://127.0.0.1:${ports.console}/   (production build)`);
  console.log(`Mock API:  ${stack.apiUrl}/api   (Prism ${stack.prismUrl})`);
  console.log(
    `Live feed: ${stack.brokerUrl}   (user "${config.brokerUsername}", password: an access token; topics ${config.liveTopicTemplate})`,
  );
  console.log('');
  console.log('Example users (any password):');
  for (const [name, what] of EXAMPLE_USERS) console.log(`  ${name.padEnd(8)} ${what}`);
  console.log('Panel passwords of the example panels: 1234 (installer), 5678 (master).');
  const faults = describeApiFaults(apiFaults);
  if (faults) console.log(faults);
  console.log('');
  console.log('Press Ctrl-C to stop.');
}

startup = main();
startup.catch(async (error: unknown) => {
  if (stopping) return; // the stop signal's handler finishes the job
  if (error instanceof PortTakenError) console.error(`Cannot start: ${error.message}`);
  else console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll().catch(() => undefined);
  process.exit(1);
});
