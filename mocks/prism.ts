/** Runs Prism (the real mock server) on the bundled contract, as a child process on loopback. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export interface RunningPrism {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface PrismOptions {
  /** `mock` serves the contract's examples; `proxy` validates traffic to `upstream` against the contract. */
  mode: 'mock' | 'proxy';
  contract: string;
  port: number;
  upstream?: string;
  /** Turn every contract violation into an error response. */
  errors?: boolean;
}

const prismBin = (): string =>
  path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

export async function startPrism(options: PrismOptions): Promise<RunningPrism> {
  const args = [prismBin(), options.mode, options.contract];
  if (options.mode === 'proxy') {
    if (!options.upstream) throw new Error('Prism proxy needs an upstream URL');
    args.push(options.upstream);
  }
  args.push('--host', '127.0.0.1', '--port', String(options.port));
  if (options.errors) args.push('--errors');
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`Prism exited (code ${code}) before it was ready:\n${output}`))),
  );
  const ready = (async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (/Prism is listening/.test(output)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Prism did not start within 60 s:\n${output}`);
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  child.removeAllListeners('exit');
  return {
    url,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
