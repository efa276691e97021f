/**
 * `npm start`: the console with its embedded mock stack (Prism, mock API front, MQTT broker, panel simulator).
 * Ports: --console-port/CONSOLE_PORT (5173), --api-port/MOCK_API_PORT (4010), --prism-port/PRISM_PORT (4011),
 * --broker-port/BROKER_PORT (9001). `--no-console` runs the mock stack alone. Ctrl-C stops everything.
 */
import { parseArgs } from 'node:util';
import { createServer, type ViteDevServer } from 'vite';
import { ensurePortFree, PortTakenError } from './ports.ts';
import { readConsoleConfig, startMockStack, type RunningStack } from './stack.ts';
import { ROOT } from './contract.ts';

const { values } = parseArgs({
  options: {
    'console-port': { type: 'string' },
    'api-port': { type: 'string' },
    'prism-port': { type: 'string' },
    'broker-port': { type: 'string' },
    'no-console': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    'tick-ms': { type: 'string' },
  },
});

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

async function main(): Promise<void> {
  const log = values.quiet ? () => undefined : (line: string) => console.log(`  ${line}`);
  const config = readConsoleConfig();
  if (!values['no-console']) {
    await ensurePortFree({ name: 'console', port: ports.console, setting: '--console-port or CONSOLE_PORT' });
  }
  const running: { stack?: RunningStack; vite?: ViteDevServer; stopping?: boolean } = {};
  const shutdown = async (code: number) => {
    if (running.stopping) return;
    running.stopping = true;
    await running.vite?.close().catch(() => undefined);
    await running.stack?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  console.log('Starting the mock stack...');
  const stack = await startMockStack({
    ports,
    brokerUsername: config.brokerUsername,
    brokerPassword: config.brokerPassword,
    topicTemplate: config.liveTopicTemplate,
    tickMs: values['tick-ms'] === undefined ? undefined : Number(values['tick-ms']),
    log,
  });
  running.stack = stack;

  let vite: ViteDevServer | undefined;
  if (!values['no-console']) {
    vite = await createServer({
      root: ROOT,
      server: {
        host: '127.0.0.1',
        port: ports.console,
        strictPort: true,
        proxy: {
          '/api': { target: stack.apiUrl },
          '/files': { target: stack.apiUrl },
          '/mqtt': { target: stack.brokerUrl, ws: true },
        },
      },
    });
    running.vite = vite;
    await vite.listen();
  }

  console.log('');
  if (vite) console.log(`Console:   http://127.0.0.1:${ports.console}/`);
  console.log(`Mock API:  ${stack.apiUrl}/api   (Prism ${stack.prismUrl})`);
  console.log(`Live feed: ${stack.brokerUrl}   (user "${config.brokerUsername}", topics ${config.liveTopicTemplate})`);
  console.log('');
  console.log('Example users (any password):');
  for (const [name, what] of EXAMPLE_USERS) console.log(`  ${name.padEnd(8)} ${what}`);
  console.log('Panel passwords of the example panels: 1234 (installer), 5678 (master).');
  console.log('');
  console.log('Press Ctrl-C to stop.');
}

main().catch(async (error: unknown) => {
  if (error instanceof PortTakenError) console.error(`Cannot start: ${error.message}`);
  else console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
