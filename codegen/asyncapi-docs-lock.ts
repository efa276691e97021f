/**
 * The lock that serializes `npm run docs:asyncapi` runs (a folder in the OS temp folder, per toolchain folder): two
 * runs at once would otherwise race on `npm ci`, on the template's transpile folder and on the output.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AsyncapiDocsError } from './asyncapi-docs-inputs.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Runs `work` while holding a lock (a folder in the OS temp folder, keyed by the toolchain folder). */
export async function withLock<T>(toolchainDir: string, work: () => Promise<T>): Promise<T> {
  const key = createHash('sha1').update(toolchainDir).digest('hex').slice(0, 12);
  const lockDir = path.join(tmpdir(), `asyncapi-docs-${key}.lock`);
  const pidFile = path.join(lockDir, 'pid');
  const deadline = Date.now() + 10 * 60_000;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(pidFile, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let pid: number | undefined;
    let ageMs = 0;
    try {
      ageMs = Date.now() - statSync(lockDir).mtimeMs;
      pid = Number(readFileSync(pidFile, 'utf8')) || undefined;
    } catch {
      // The holder has just created the lock and not written its pid yet, or has just released it.
    }
    // A lock whose holder died (killed, Ctrl-C) is taken over.
    const stale = pid !== undefined ? !isAlive(pid) : ageMs > 30_000;
    if (stale) {
      rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new AsyncapiDocsError(
        `Timed out waiting for another docs:asyncapi run (pid ${pid ?? '?'}, lock ${lockDir}). ` +
          'Remove that folder if no run is active.',
      );
    }
    if (!announced) console.log(`Waiting for another docs:asyncapi run (pid ${pid ?? '?'}) to finish ...`);
    announced = true;
    await sleep(500);
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
