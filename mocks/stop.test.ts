/**
 * `npm start` stops cleanly: after Ctrl-C (SIGINT to the whole process group, as a terminal sends it) or SIGTERM
 * to npm alone (as a process manager sends it), no process it started is left and every port is free.
 * npm runs node (with tsx as its loader), node runs Prism: the test follows that whole tree through /proc.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ensurePortFree, freePort } from './ports.ts';

/** Parent pid and state of a live process, or undefined once it is gone (a zombie is gone: it holds nothing). */
const processInfo = (pid: number): { ppid: number; state: string } | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' ? undefined : { ppid: Number(ppid), state: state! };
  } catch {
    return undefined;
  }
};

const descendants = (root: number): number[] => {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    const info = Number.isInteger(pid) ? processInfo(pid) : undefined;
    if (info) parents.set(pid, info.ppid);
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push(pid);
        visit(pid);
      }
    }
  };
  visit(root);
  return found;
};

const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

const until = async (condition: () => boolean, what: string, ms = 90_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

async function startNpm() {
  const ports = { console: await freePort(), api: await freePort(), prism: await freePort(), broker: await freePort() };
  const args = ['start', '--', '--quiet', '--tick-ms', '0'];
  for (const [name, port] of Object.entries(ports)) args.push(`--${name}-port`, String(port));
  // Its own process group, as a terminal gives a foreground job, so the test can signal the group as Ctrl-C does.
  const npm = spawn('npm', args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  await until(() => output.includes('Press Ctrl-C to stop.') || npm.exitCode !== null, 'npm start to be ready');
  expect(output).toContain('Press Ctrl-C to stop.');
  const tree = descendants(npm.pid!);
  return { npm, ports, exited, tree, output: () => output };
}

async function expectAllStopped(started: Awaited<ReturnType<typeof startNpm>>) {
  await started.exited;
  await until(
    () => started.tree.every((pid) => processInfo(pid) === undefined),
    'every started process to end',
    20_000,
  ).catch((error: Error) => {
    const left = started.tree
      .filter((pid) => processInfo(pid) !== undefined)
      .map((pid) => `${pid} ${commandLine(pid)}`);
    throw new Error(`${error.message}; still running:\n${left.join('\n')}\noutput:\n${started.output()}`);
  });
  for (const [name, port] of Object.entries(started.ports)) {
    await expect(ensurePortFree({ name, port, setting: '' })).resolves.toBeUndefined();
  }
}

describe('stopping npm start', () => {
  it('Ctrl-C (SIGINT to the process group) stops every process and frees every port', async () => {
    const started = await startNpm();
    // What the test tracks: npm, the node process running start.ts and Prism.
    expect(started.tree.some((pid) => commandLine(pid).includes('prism-cli'))).toBe(true);
    expect(started.tree.some((pid) => commandLine(pid).includes('mocks/start.ts'))).toBe(true);
    process.kill(-started.npm.pid!, 'SIGINT');
    await expectAllStopped(started);
  }, 120_000);

  it('SIGTERM to npm alone stops every process and frees every port', async () => {
    const started = await startNpm();
    expect(started.tree.some((pid) => commandLine(pid).includes('prism-cli'))).toBe(true);
    started.npm.kill('SIGTERM');
    await expectAllStopped(started);
  }, 120_000);

  it('a stop signal while it is still starting leaves nothing behind', async () => {
    const ports = {
      console: await freePort(),
      api: await freePort(),
      prism: await freePort(),
      broker: await freePort(),
    };
    const args = ['start', '--'];
    for (const [name, port] of Object.entries(ports)) args.push(`--${name}-port`, String(port));
    const npm = spawn('npm', args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    // Prism is starting (its process exists) but the stack is not ready yet.
    let tree: number[] = [];
    await until(() => {
      tree = descendants(npm.pid!);
      return tree.some((pid) => commandLine(pid).includes('prism-cli'));
    }, 'Prism to be started');
    expect(output).not.toContain('Press Ctrl-C to stop.');
    npm.kill('SIGTERM');
    await expectAllStopped({ npm, ports, exited, tree, output: () => output });
  }, 120_000);
});
