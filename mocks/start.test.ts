/** `npm start` as a person runs it: what it prints, a clear message on a taken port, and a clean stop. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ensurePortFree, freePort } from './ports.ts';

const startArgs = (ports: Record<string, number>, extra: string[] = []) => [
  'mocks/start.ts',
  '--api-port',
  String(ports.api),
  '--prism-port',
  String(ports.prism),
  '--broker-port',
  String(ports.broker),
  '--console-port',
  String(ports.console),
  ...extra,
];

const run = (args: string[]) => {
  // As npm start runs it: one node process with tsx as its loader.
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
};

const ports = async () => ({
  api: await freePort(),
  prism: await freePort(),
  broker: await freePort(),
  console: await freePort(),
});

describe('npm start', () => {
  it('answers an unknown option or a bad value with its usage (exit 2), and --help with it (exit 0)', async () => {
    // Each case is a start of its own (a Node process with tsx): one --help run shows every line asked for.
    for (const [args, code, ...said] of [
      [['--prot', '80'], 2, "Unknown option '--prot'"],
      [['--tick-ms', 'soon'], 2, 'Invalid --tick-ms "soon"'],
      [['--api-port', '70000'], 2, 'Invalid mock API port "70000"'],
      [['--api-fail', '200'], 2, 'fail_status must be an HTTP error status from 400 to 599'],
      [['--api-delay', 'slow'], 2, 'delay_ms must be a whole number of milliseconds'],
      [
        ['--help'],
        0,
        '--api-delay <ms>        every mock API call answers after this long',
        '--no-console            the mock stack alone',
      ],
    ] as const) {
      const started = run(['mocks/start.ts', ...args]);
      expect(await started.exited).toBe(code);
      for (const line of said) expect(started.output()).toContain(line);
      if (code === 2 && args[0] !== '--api-port') expect(started.output()).toContain('Usage: npm start -- [options]');
    }
  });

  it('prints where everything is and the example users, and stops everything on Ctrl-C', async () => {
    const p = await ports();
    const started = run(startArgs(p, ['--no-console']));
    const deadline = Date.now() + 60_000;
    while (!started.output().includes('Press Ctrl-C to stop.') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const text = started.output();
    expect(text).toContain(`Mock API:  http://127.0.0.1:${p.api}/api`);
    expect(text).toContain(`ws://127.0.0.1:${p.broker}`);
    for (const user of ['admin', 'dealer', 'user', 'olduser', 'nosub'])
      expect(text).toMatch(new RegExp(`^  ${user} `, 'm'));
    started.child.kill('SIGINT');
    expect(await started.exited).toBe(0);
    // Every port is free again.
    for (const [name, port] of Object.entries({ api: p.api, prism: p.prism, broker: p.broker })) {
      await expect(ensurePortFree({ name, port, setting: '' })).resolves.toBeUndefined();
    }
  }, 90_000);

  it('says clearly which port is taken and how to choose another', async () => {
    const p = await ports();
    const holder = createServer().listen(p.broker, '127.0.0.1');
    await new Promise((resolve) => holder.once('listening', resolve));
    try {
      const started = run(startArgs(p, ['--no-console']));
      expect(await started.exited).toBe(1);
      expect(started.output()).toContain(`Cannot start: Port ${p.broker} (MQTT broker (websocket)) is already in use`);
      expect(started.output()).toContain('--broker-port or BROKER_PORT');
    } finally {
      holder.close();
    }
  }, 60_000);

  it('refuses a port that is not a number', async () => {
    const started = run(['mocks/start.ts', '--api-port', 'eighty']);
    expect(await started.exited).toBe(2);
    expect(started.output()).toContain('Invalid mock API port "eighty"');
  }, 30_000);
});
