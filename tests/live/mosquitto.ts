/**
 * Debian's mosquitto as a second, independent broker for the live-feed interop test: started with a websockets
 * listener and a temporary configuration, stopped (and started again on the same port) at will. Its websockets
 * listener binds every interface whatever host it is given, so nobody gets in without a password: the console's
 * and the publisher's are made per run, the console may only read panel topics and only the publisher may write.
 * (mosquitto 2.0 refuses to start with a websockets listener alone: a plain one on loopback comes with it.)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The mosquitto binary, or undefined when it is not installed (CI installs it: .ci/run). */
export function findMosquitto(): string | undefined {
  for (const candidate of [process.env.MOSQUITTO_PATH, '/usr/sbin/mosquitto', '/usr/bin/mosquitto']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v mosquitto'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  return which.status === 0 && found ? found : undefined;
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export interface MosquittoUser {
  username: string;
  password: string;
}

export interface RunningMosquitto {
  url: string;
  /** May read `panels/#` (or the topics `consoleReads` names). */
  console: MosquittoUser;
  /** May publish to `panels/#`. */
  publisher: MosquittoUser;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its temporary configuration. */
  dispose(): Promise<void>;
}

export interface MosquittoOptions {
  /** The console's account (default: `console`, with a password made for the run). */
  console?: MosquittoUser;
  /** The topics the console may read (default: `panels/#`). */
  consoleReads?: string[];
}

export function mosquitto(
  binary: string,
  ports: { websocket: number; plain: number },
  options: MosquittoOptions = {},
): RunningMosquitto {
  const dir = mkdtempSync(path.join(tmpdir(), 'mosquitto-'));
  const config = path.join(dir, 'mosquitto.conf');
  const passwords = path.join(dir, 'passwords');
  const acl = path.join(dir, 'acl');
  const user = (username: string): MosquittoUser => ({ username, password: randomBytes(18).toString('base64url') });
  const consoleUser = options.console ?? user('console');
  const publisher = user('panel-service');
  const passwd = path.join(path.dirname(binary), '..', 'bin', 'mosquitto_passwd');
  const passwdBinary = existsSync(passwd) ? passwd : 'mosquitto_passwd';
  for (const [index, entry] of [consoleUser, publisher].entries()) {
    const made = spawnSync(
      passwdBinary,
      [...(index === 0 ? ['-c'] : []), '-b', passwords, entry.username, entry.password],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`mosquitto_passwd failed: ${made.stderr || made.error?.message}`);
  }
  writeFileSync(
    acl,
    [
      `user ${consoleUser.username}`,
      ...(options.consoleReads ?? ['panels/#']).map((topic) => `topic read ${topic}`),
      `user ${publisher.username}`,
      'topic write panels/#',
      '',
    ].join('\n'),
  );
  writeFileSync(
    config,
    [
      `listener ${ports.plain} 127.0.0.1`,
      `listener ${ports.websocket}`,
      'protocol websockets',
      'allow_anonymous false',
      `password_file ${passwords}`,
      `acl_file ${acl}`,
      'persistence false',
      'log_dest stderr',
      '',
    ].join('\n'),
  );
  // Started as root, mosquitto drops to its own user, which must still read its files (hashed, per-run passwords).
  chmodSync(dir, 0o755);
  for (const file of [config, passwords, acl]) chmodSync(file, 0o644);
  let child: ChildProcess | undefined;
  let output = '';
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  };
  const port = ports.websocket;
  return {
    url: `ws://127.0.0.1:${port}`,
    console: consoleUser,
    publisher,
    async start() {
      if (child) return;
      output = '';
      const started = spawn(binary, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const deadline = Date.now() + 10_000;
      while (!(await portOpen(port))) {
        if (started.exitCode !== null) throw new Error(`mosquitto exited (${started.exitCode}): ${output}`);
        if (Date.now() > deadline) throw new Error(`mosquitto did not listen on ${port}: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
