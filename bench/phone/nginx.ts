/** bench:phone's site as it ships: the build's own nginx deployment (its start.sh) in front of the mock stack. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { DEVELOPMENT_CONFIG } from '../../mocks/console-config.ts';
import type { RunningStack } from '../../mocks/stack.ts';
import { NGINX_BINARY } from '../../tests/e2e/stack-ports.ts';
import { NGINX_DIR, NGINX_RUNTIME } from './plan.ts';

/** The build's own nginx deployment in front of the stack, configured as an operator would (tests/e2e/stacks.ts). */
export async function startNginx(
  port: number,
  stack: RunningStack,
  cleanups: (() => Promise<unknown>)[],
): Promise<void> {
  const child: ChildProcess = spawn(path.join(NGINX_DIR, 'start.sh'), [], {
    env: {
      ...process.env,
      CONSOLE_API_UPSTREAM: stack.apiUrl.replace(/\/api\/?$/, ''),
      CONSOLE_FILES_UPSTREAM: stack.apiUrl.replace(/\/api\/?$/, ''),
      CONSOLE_BROKER_UPSTREAM: stack.brokerUrl,
      CONSOLE_BROKER_USERNAME: DEVELOPMENT_CONFIG.brokerUsername,
      CONSOLE_LIVE_TOPIC_TEMPLATE: DEVELOPMENT_CONFIG.liveTopicTemplate,
      CONSOLE_LISTEN: `127.0.0.1:${port}`,
      CONSOLE_NGINX_RUNTIME: NGINX_RUNTIME,
      CONSOLE_NGINX_ACCESS_LOG: 'off',
      CONSOLE_NGINX_BINARY: NGINX_BINARY,
      // Started as root, nginx's workers would run as nobody, who may not read a checkout under /root.
      ...(process.getuid?.() === 0 ? { CONSOLE_NGINX_USER: 'root' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  let ended: string | undefined;
  child.once('exit', (code, signal) => (ended = signal ?? `exit ${code}`));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (ended) throw new Error(`nginx ended (${ended}): ${output.join('').trim()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/config.json`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer within 30 s: ${output.join('').trim()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
