/**
 * Writing planned records (import, apply): one tracked job, its result per group of each panel, and afterwards the
 * panels' settings reads and the lists naming the records written are refreshed, so an open form and a list show
 * what the panel now holds.
 */
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SettingsForm } from '@generated/settings/types.ts';
import { summarizeGroups, writtenGroups } from './group-summary.ts';
import type { WriteStep } from './run-job.ts';
import { panelWriteRunner, type PasswordOf } from './template-runners.ts';
import { useJob } from './use-job.ts';
import { recordListOptions, settingsReadPrefix } from '../../../lib/panels/panel-queries.ts';

export function useWriteJob() {
  const queryClient = useQueryClient();
  const job = useJob<WriteStep>();
  const { start: startJob } = job;

  const write = useCallback(
    async (steps: readonly WriteStep[], forms: Readonly<Record<number, SettingsForm>>, passwordOf: PasswordOf) => {
      const result = await startJob(steps, panelWriteRunner(forms, passwordOf));
      const writes = result.results.filter((r) => r.status === 'written');
      for (const devId of new Set(writes.map((r) => r.step.devId))) {
        void queryClient.invalidateQueries({ queryKey: settingsReadPrefix(devId) });
        // The lists naming the records written (zones, keypads, panel users, outputs) are read anew as well.
        for (const group of writtenGroups(result.results, devId)) {
          const list = recordListOptions(devId, group);
          if (list) void queryClient.invalidateQueries({ queryKey: list.queryKey });
        }
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
