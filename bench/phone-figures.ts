/**
 * The figures of `npm run bench:phone` (bench/phone.ts): each a list of values across runs with its goal,
 * printed as median (nearest rank, as the other benchmarks take quantiles), min–max spread, goal and verdict.
 */
import { quantile } from './figures.ts';

export interface Figure {
  name: string;
  /** One value a run: milliseconds, or bytes for unit kB (kB of 1000 bytes, as the build's report counts). */
  values: number[];
  unit: 'ms' | 'kB';
  goal: number;
  /** Files fetched, one count a run (the JS figures). */
  files?: number[];
  goalFiles?: number;
}

export const median = (values: number[]): number =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  ) ?? NaN;

export const show = (value: number, unit: Figure['unit']): string =>
  unit === 'ms' ? `${(value / 1000).toFixed(2)} s` : `${(value / 1000).toFixed(1)} kB`;

/** `MET`, or `MISSES by` how much the median is over the goal (and the files over theirs). */
export function verdict(figure: Figure): string {
  const value = median(figure.values);
  const misses: string[] = [];
  if (value > figure.goal) misses.push(show(value - figure.goal, figure.unit));
  if (figure.files && figure.goalFiles !== undefined && median(figure.files) > figure.goalFiles)
    misses.push(`${median(figure.files) - figure.goalFiles} files`);
  return misses.length === 0 ? 'MET' : `MISSES by ${misses.join(' and ')}`;
}

/** The figures as a Markdown table, the goals' columns plus the spread and the verdict. */
export function tableLines(figures: Figure[]): string[] {
  const rows = figures.map((figure) => {
    const files = figure.files ? ` in ${median(figure.files)} files` : '';
    const fileSpread = figure.files ? ` (${Math.min(...figure.files)}–${Math.max(...figure.files)} files)` : '';
    return [
      figure.name,
      `${show(median(figure.values), figure.unit)}${files}`,
      `${show(Math.min(...figure.values), figure.unit)}–${show(Math.max(...figure.values), figure.unit)}${fileSpread}`,
      `≤ ${show(figure.goal, figure.unit)}${figure.goalFiles === undefined ? '' : ` in ≤ ${figure.goalFiles} files`}`,
      verdict(figure),
    ];
  });
  const header = ['figure', 'median', 'spread (min–max)', 'goal', 'verdict'];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)];
}
