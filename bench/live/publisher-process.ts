/** bench:live's side of the publisher process (live/publisher.ts): started, called with a promise, stopped. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PublisherCommand, PublisherReport } from './publisher.ts';

/** The publisher process and a promise-based call into it. */
export class Publisher {
  private readonly child: ChildProcess;
  private waiting?: { resolve(report: PublisherReport): void; reject(error: Error): void };
  constructor() {
    this.child = fork(fileURLToPath(new URL('./publisher.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (report: PublisherReport) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (report.type === 'error') waiting?.reject(new Error(`publisher: ${report.message}`));
      else waiting?.resolve(report);
    });
    this.child.on('exit', (code) => this.waiting?.reject(new Error(`publisher exited (${code})`)));
  }
  call(command: PublisherCommand): Promise<PublisherReport> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.child.send(command);
    });
  }
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
