/**
 * `npm run bench:gen`: how long `npm run gen` takes, end to end (a fresh process each run, as a developer
 * runs it). Prints every run and the median. The generated output is identical each time.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const times: number[] = [];
for (let i = 1; i <= runs; i++) {
  const start = performance.now();
  const result = spawnSync('node_modules/.bin/tsx', ['codegen/gen.ts'], { encoding: 'utf8' });
  const ms = Math.round(performance.now() - start);
  if (result.status !== 0) {
    console.error(`run ${i} failed:\n${result.stderr}`);
    process.exit(1);
  }
  times.push(ms);
  console.log(`run ${i}: ${ms} ms  (${result.stdout.trim()})`);
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
console.log(`npm run gen: median ${median} ms, min ${sorted[0]} ms, max ${sorted.at(-1)} ms over ${runs} runs`);
