import { describe, expect, it, vi } from 'vitest';
import type { JsonObject } from '@generated/settings/types.ts';
import { summarizeGroups, writtenGroups } from './group-summary.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { LockoutError } from '../../../lib/api/lockout-error.ts';
import {
  failureOf,
  failureOfCode,
  runJob,
  StepFailure,
  writeRunner,
  type FailureReason,
  type JobProgress,
  type WriteStep,
} from './run-job.ts';

const key = ({ devId, group, record }: { devId: number; group: number; record: number }) =>
  `${devId}/${group}/${record}`;

/** A fake of the panels: what each record holds, which steps fail and how, and every write sent. */
function fakePanels(failures: Record<string, FailureReason | 'throw-network'> = {}) {
  const held = new Map<string, JsonObject>();
  const writes: string[] = [];
  const fail = (step: WriteStep) => {
    const failure = failures[key(step)];
    if (failure === 'throw-network') throw new ApiError(0, 'Cannot to connect server');
    if (failure) throw new StepFailure(failure);
  };
  const read = vi.fn(async (step: WriteStep) => held.get(key(step)) ?? { value: 0 });
  const write = vi.fn(async (step: WriteStep, data: JsonObject) => {
    fail(step);
    writes.push(key(step));
    held.set(key(step), data);
  });
  const changes = (_step: WriteStep, before: JsonObject, after: JsonObject) =>
    Object.keys(after).filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name])).length;
  return { held, writes, read, write, run: writeRunner({ read, write, changes }) };
}

const step = (devId: number, group: number, record: number, value = 1): WriteStep => ({
  devId,
  group,
  record,
  data: { value },
});

describe('programming job', () => {
  it('writes each changed record once, and sends nothing for a record that does not change', async () => {
    const panels = fakePanels();
    panels.held.set('1/0/1', { value: 7, name: 'Kapı' });
    const steps = [step(1, 0, 0), step(1, 0, 1, 7), step(1, 9, 0)];
    const result = await runJob(steps, panels.run);
    expect(result.results.map((r) => r.status)).toEqual(['written', 'unchanged', 'written']);
    expect(panels.writes).toEqual(['1/0/0', '1/9/0']);
    expect(result.stopped).toBe(false);
  });

  it('writes the panel’s record with the template’s values over it, using what was read before', async () => {
    const panels = fakePanels();
    const planned: WriteStep = { ...step(1, 0, 0, 5), before: { value: 1, name: 'Salon' } };
    await runJob([planned], panels.run);
    expect(panels.read).not.toHaveBeenCalled();
    expect(panels.held.get('1/0/0')).toEqual({ value: 5, name: 'Salon' });
  });

  it('never loses the other groups when one fails', async () => {
    const panels = fakePanels({ '1/4/0': 'panelError', '1/6/0': 'throw-network' });
    const steps = [step(1, 0, 0), step(1, 4, 0), step(1, 4, 1), step(1, 6, 0), step(1, 9, 0)];
    const { results } = await runJob(steps, panels.run);
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ['written', undefined],
      ['failed', 'panelError'],
      ['written', undefined],
      ['failed', 'network'],
      ['written', undefined],
    ]);
    expect(summarizeGroups(results).map((g) => [g.group, g.status, g.reason])).toEqual([
      [0, 'written', undefined],
      [4, 'failed', 'panelError'],
      [6, 'failed', 'network'],
      [9, 'written', undefined],
    ]);
  });

  it('stops a panel that answers disconnected, skipping its remaining steps, and goes on with the other panels', async () => {
    const panels = fakePanels({ '1/4/0': 'disconnected' });
    const steps = [step(1, 0, 0), step(1, 0, 1), step(1, 4, 0), step(1, 4, 1), step(1, 9, 0), step(2, 0, 0)];
    const result = await runJob(steps, panels.run);
    expect(result.results.map((r) => [key(r.step), r.status, r.reason])).toEqual([
      ['1/0/0', 'written', undefined],
      ['1/0/1', 'written', undefined],
      ['1/4/0', 'failed', 'disconnected'],
      ['1/4/1', 'skipped', 'disconnected'],
      ['1/9/0', 'skipped', 'disconnected'],
      ['2/0/0', 'written', undefined],
    ]);
    expect(panels.write).toHaveBeenCalledTimes(4);
    expect(result.panelStops).toEqual(new Map([[1, 'disconnected']]));
    expect(writtenGroups(result.results, 1)).toEqual([0]);
    expect(writtenGroups(result.results, 2)).toEqual([0]);
    expect(summarizeGroups(result.results).map((g) => [g.devId, g.group, g.status, g.reason])).toEqual([
      [1, 0, 'written', undefined],
      [1, 4, 'failed', 'disconnected'],
      [1, 9, 'skipped', 'disconnected'],
      [2, 0, 'written', undefined],
    ]);
  });

  it('stops a panel whose password is refused', async () => {
    const panels = fakePanels({ '1/0/0': 'passwordRefused' });
    const { results, panelStops } = await runJob([step(1, 0, 0), step(1, 9, 0)], panels.run);
    expect(results.map((r) => r.status)).toEqual(['failed', 'skipped']);
    expect(panelStops.get(1)).toBe('passwordRefused');
  });

  it('stops a panel whose password is locked (429): nothing more is sent with it', async () => {
    const locked = new LockoutError('Çok fazla hatalı deneme', {}, { policy: 'panel-password', until: Date.now() + 1 });
    const read = vi.fn(async (job: WriteStep) => {
      if (job.devId === 1) throw locked;
      return { value: 0 };
    });
    const run = writeRunner({ read, write: vi.fn(async () => undefined), changes: () => 1 });
    const { results, panelStops } = await runJob([step(1, 0, 0), step(1, 9, 0), step(2, 0, 0)], run);
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ['failed', 'locked'],
      ['skipped', 'locked'],
      ['written', undefined],
    ]);
    expect(panelStops.get(1)).toBe('locked');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('stops everything when the session ends', async () => {
    const ended = new ApiError(401, 'Unauthorized');
    ended.sessionEnded = true;
    const run = vi.fn(async () => {
      throw ended;
    });
    const { results } = await runJob([step(1, 0, 0), step(2, 0, 0)], run);
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ['failed', 'sessionEnded'],
      ['skipped', 'sessionEnded'],
    ]);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('skips the steps not started once stopped, and lets the write under way finish', async () => {
    const controller = new AbortController();
    const panels = fakePanels();
    panels.write.mockImplementationOnce(async (s: WriteStep, data: JsonObject) => {
      controller.abort();
      panels.writes.push(key(s));
      panels.held.set(key(s), data);
    });
    const result = await runJob([step(1, 0, 0), step(1, 0, 1), step(1, 9, 0)], panels.run, {
      signal: controller.signal,
    });
    expect(result.results.map((r) => r.status)).toEqual(['written', 'skipped', 'skipped']);
    expect(result.results[1]?.reason).toBeUndefined();
    expect(result.stopped).toBe(true);
    expect(panels.writes).toEqual(['1/0/0']);
    expect(summarizeGroups(result.results).map((g) => g.status)).toEqual(['partial', 'skipped']);
  });

  it('sends nothing when stopped between the read and the write, and skips a cancelled read', async () => {
    const controller = new AbortController();
    const panels = fakePanels();
    panels.read.mockImplementationOnce(async () => {
      controller.abort();
      return { value: 0 };
    });
    const first = await runJob([step(1, 0, 0)], panels.run, { signal: controller.signal });
    expect(first.results.map((r) => r.status)).toEqual(['skipped']);
    expect(panels.write).not.toHaveBeenCalled();

    const cancelled = fakePanels();
    cancelled.read.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    const second = await runJob([step(1, 0, 0), step(1, 0, 1)], cancelled.run);
    expect(second.results.map((r) => r.status)).toEqual(['skipped', 'written']);
  });

  it('tells its progress step by step', async () => {
    const panels = fakePanels();
    const progress: JobProgress<WriteStep>[] = [];
    await runJob([step(1, 0, 0), step(1, 0, 1)], panels.run, { onProgress: (p) => progress.push(p) });
    expect(progress.map((p) => [p.done, p.total, p.current && key(p.current)])).toEqual([
      [0, 2, '1/0/0'],
      [1, 2, '1/0/1'],
      [2, 2, undefined],
    ]);
    expect(progress.at(-1)?.results).toHaveLength(2);
  });

  it('reads steps too (export, dry run)', async () => {
    const got: string[] = [];
    const { results } = await runJob([step(1, 0, 0), step(1, 1, 0)], async (s) => {
      got.push(key(s));
      return 'read';
    });
    expect(got).toEqual(['1/0/0', '1/1/0']);
    expect(summarizeGroups(results).map((g) => g.status)).toEqual(['read', 'read']);
  });

  it('classifies the panel’s codes and the call’s failures', () => {
    expect(failureOfCode(2)).toBe('passwordRefused');
    expect(failureOfCode(5)).toBe('disconnected');
    expect(failureOfCode(3)).toBe('panelError');
    expect(failureOfCode(undefined)).toBe('panelError');
    expect(failureOf(new ApiError(0, 'x'))).toBe('network');
    expect(failureOf(new ApiError(500, 'x'))).toBe('network');
    expect(failureOf(new StepFailure('notInstaller'))).toBe('notInstaller');
    expect(failureOf(new DOMException('x', 'AbortError'))).toBeUndefined();
    expect(failureOf(new DOMException('x', 'TimeoutError'))).toBe('network');
    expect(failureOf(new TypeError('x'))).toBe('panelError');
  });
});
