import { describe, expect, it } from 'vitest';
import { median, tableLines, verdict, type Figure } from './phone-figures.ts';

const login: Figure = { name: '/login usable, cold', values: [3500, 2400, 2500], unit: 'ms', goal: 1800 };
const js: Figure = {
  name: 'JS to /login usable',
  values: [219_000, 219_000, 219_000],
  unit: 'kB',
  goal: 150_000,
  files: [33, 33, 34],
  goalFiles: 10,
};

describe('bench:phone figures', () => {
  it('takes the median of the runs whatever their order', () => {
    expect(median([3500, 2400, 2500])).toBe(2500);
    expect(median([700])).toBe(700);
  });

  it('says by how much a median misses its goal, files included, and MET at or under it', () => {
    expect(verdict(login)).toBe('MISSES by 0.70 s');
    expect(verdict(js)).toBe('MISSES by 69.0 kB and 23 files');
    expect(verdict({ ...login, values: [1800, 1900, 1700] })).toBe('MET');
    expect(verdict({ ...js, values: [150_000, 140_000, 149_000], files: [10, 9, 11] })).toBe('MET');
    expect(verdict({ ...js, values: [140_000, 140_000, 140_000] })).toBe('MISSES by 23 files');
  });

  it('prints the median, the spread across runs and the goal as a table', () => {
    const [header, rule, first, second] = tableLines([login, js]);
    expect(header).toMatch(/^\| figure +\| median +\| spread \(min–max\) +\| goal +\| verdict +\|$/);
    expect(rule).toMatch(/^\|-+\|-+\|-+\|-+\|-+\|$/);
    expect(first).toContain('| 2.50 s ');
    expect(first).toContain('| 2.40 s–3.50 s ');
    expect(first).toContain('| ≤ 1.80 s ');
    expect(second).toContain('| 219.0 kB in 33 files ');
    expect(second).toContain('(33–34 files)');
    expect(second).toContain('| ≤ 150.0 kB in ≤ 10 files ');
  });
});
