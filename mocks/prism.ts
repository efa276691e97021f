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
  /** Aborting stops Prism, also while it is still starting. */
  signal?: AbortSignal;
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
  options.signal?.throwIfAborted();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const running = () => child.exitCode === null && child.signalCode === null;
  // Prism never outlives the process that started it, however that process ends (`exit` handlers run synchronously).
  const killOnExit = () => void (running() && child.kill('SIGKILL'));
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const abort = () => void (running() && child.kill('SIGTERM'));
  options.signal?.addEventListener('abort', abort, { once: true });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${options.port}`;
  let onEarlyExit: (code: number | null) => void = () => undefined;
  const exited = new Promise<never>((_resolve, reject) => {
    onEarlyExit = (code) => reject(new Error(`Prism exited (code ${code}) before it was ready:\n${output}`));
    child.once('exit', onEarlyExit);
  });
  const ready = (async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && running()) {
      if (/Prism is listening/.test(output)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Prism did not start within 60 s:\n${output}`);
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    child.kill('SIGKILL');
    options.signal?.removeEventListener('abort', abort);
    throw options.signal?.aborted ? options.signal.reason : error;
  }
  child.removeListener('exit', onEarlyExit);
  return {
    url,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        options.signal?.removeEventListener('abort', abort);
        if (!running()) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
