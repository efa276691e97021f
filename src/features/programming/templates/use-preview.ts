/**
 * Reading what the target panels hold for a template's records (a dry run), with progress and Stop, into the plan
 * of each group of each panel: its changes, or why it could not be read.
 */
import { useCallback, useState } from 'react';
import type { JsonObject } from '@generated/settings/types.ts';
import type { TemplateForms, TemplateRecord } from '../../../lib/forms/settings/template-file.ts';
import type { JobResult, JobStep, StepRunner } from './run-job.ts';
import { planGroups, readSteps, type GroupPlan } from './template-plan.ts';
import { useJob } from './use-job.ts';

export interface Preview {
  plans: GroupPlan[];
  result: JobResult<JobStep>;
}

export function usePreview() {
  const job = useJob<JobStep>();
  const [preview, setPreview] = useState<Preview>();
  const { start: startJob, reset: resetJob } = job;

  const run = useCallback(
    async (
      records: readonly TemplateRecord[],
      devIds: readonly number[],
      runner: (held: Map<string, JsonObject>) => StepRunner<JobStep>,
      forms: TemplateForms,
    ): Promise<Preview> => {
      setPreview(undefined);
      const held = new Map<string, JsonObject>();
      const steps = devIds.flatMap((devId) => readSteps(devId, records));
      const result = await startJob(steps, runner(held));
      const next = { plans: planGroups(records, result.results, held, forms), result };
      setPreview(next);
      return next;
    },
    [startJob],
  );

  const reset = useCallback(() => {
    resetJob();
    setPreview(undefined);
  }, [resetJob]);

  return { run, reset, stop: job.stop, running: job.running, progress: job.progress, preview };
}
