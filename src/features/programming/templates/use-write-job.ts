/**
 * Writing planned records (import, apply): one tracked job, its result per group of each panel, and afterwards the
 * panels' settings reads are refreshed so an open form shows what the panel now holds.
 */
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SettingsForm } from '@generated/settings/types.ts';
import { summarizeGroups, writtenGroups, type WriteStep } from './run-job.ts';
import { panelWriteRunner, type PasswordOf } from './template-runners.ts';
import { useJob } from './use-job.ts';

export function useWriteJob() {
  const queryClient = useQueryClient();
  const job = useJob<WriteStep>();
  const { start: startJob } = job;

  const write = useCallback(
    async (steps: readonly WriteStep[], forms: Readonly<Record<number, SettingsForm>>, passwordOf: PasswordOf) => {
      const result = await startJob(steps, panelWriteRunner(forms, passwordOf));
      const written = new Set(result.results.filter((r) => r.status === 'written').map((r) => r.step.devId));
      for (const devId of written) {
        void queryClient.invalidateQueries({ queryKey: ['getPanelSettings', 'GET', devId] });
      }
      return result;
    },
    [startJob, queryClient],
  );

  const results = job.result?.results ?? job.progress?.results;
  const groups = useMemo(() => summarizeGroups(results ?? []), [results]);
  return {
    write,
    stop: job.stop,
    reset: job.reset,
    running: job.running,
    progress: job.progress,
    result: job.result,
    groups,
    /** The groups of a panel that were written (wholly or partly). */
    writtenOf: (devId: number) => (job.result ? writtenGroups(job.result.results, devId) : []),
  };
}
