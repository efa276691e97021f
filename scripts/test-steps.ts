/**
 * The phases of `npm test` and how they run: each step is one process; a phase's steps run side by side, at most
 * `parallel` at once, and a step's output goes straight through when it runs alone, else is printed when it ends.
 */
import { spawn } from 'node:child_process';

export interface Step {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

export interface Phase {
  name: string;
  /** Steps run side by side (at most `parallel` at once); their output is printed as each ends. */
  steps: Step[];
  parallel: number;
}

/** Milliseconds as seconds with one decimal. */
export const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Runs one step; its output goes straight through when it runs alone, else is held and printed when it ends. */
function run(step: Step, alone: boolean): Promise<{ ok: boolean; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...step.env },
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = (ok: boolean) => {
      const ms = Date.now() - started;
      if (!alone) process.stdout.write(`\n── ${step.name} (${seconds(ms)} s)${ok ? '' : ' FAILED'}\n${output}`);
      resolve({ ok, ms });
    };
    child.once('error', (error) => {
      output += `${error.message}\n`;
      done(false);
    });
    child.once('exit', (code) => done(code === 0));
  });
}

export async function runPhase(phase: Phase): Promise<{ ok: boolean; steps: { name: string; seconds: number }[] }> {
  const queue = [...phase.steps];
  const times: { name: string; seconds: number }[] = [];
  let ok = true;
  const alone = phase.parallel === 1 || phase.steps.length === 1;
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const result = await run(step, alone);
      times.push({ name: step.name, seconds: seconds(result.ms) });
      ok &&= result.ok;
    }
  };
  await Promise.all(Array.from({ length: phase.parallel }, lane));
  return { ok, steps: times };
}
