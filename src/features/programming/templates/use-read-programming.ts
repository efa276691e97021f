/**
 * Reading a panel's whole programming into a template (Export, and the source of "Apply to other panels"): every
 * record of every group, one at a time, with progress. A group whose records could not all be read is left out
 * of the template (the result lists it with the reason).
 */
import { useCallback, useMemo, useState } from 'react';
import type { JsonObject } from '@generated/settings/types.ts';
import { recordsOf, SETTINGS_GROUP_NUMBERS } from '../../../lib/forms/settings/settings-records.ts';
import { buildTemplate, type ProgrammingTemplate } from '../../../lib/forms/settings/template-file.ts';
import { summarizeGroups } from './group-summary.ts';
import type { JobStep } from './run-job.ts';
import { useTemplateContext } from './template-context.ts';
import { stepKey } from './template-plan.ts';
import { readRunner } from './template-runners.ts';
import { useJob } from './use-job.ts';

export interface ReadProgrammingInput {
  devId: number;
  panelName: string;
  password: string;
}

export function useReadProgramming({ devId, panelName, password }: ReadProgrammingInput) {
  const { state: contextState, context, load } = useTemplateContext();
  const job = useJob<JobStep>();
  const [template, setTemplate] = useState<ProgrammingTemplate>();
  const { start: startJob } = job;

  const start = useCallback(async () => {
    setTemplate(undefined);
    const loaded = await load();
    if (!loaded) return undefined;
    const steps = SETTINGS_GROUP_NUMBERS.flatMap((group) =>
      recordsOf(group, loaded.alarmCodes).map((record) => ({ devId, group, record })),
    );
    const held = new Map<string, JsonObject>();
    const result = await startJob(
      steps,
      readRunner(() => password, held),
    );
    const complete = new Set(
      summarizeGroups(result.results)
        .filter((summary) => summary.status === 'read')
        .map((summary) => summary.group),
    );
    const records = steps.flatMap((step) => {
      const data = complete.has(step.group) ? held.get(stepKey(step)) : undefined;
      return data ? [{ group: step.group, record: step.record, data }] : [];
    });
    const built =
      records.length > 0
        ? buildTemplate({ panel: { devId, description: panelName }, records, forms: loaded.forms })
        : undefined;
    setTemplate(built);
    return built ? { template: built, context: loaded } : undefined;
  }, [load, startJob, devId, panelName, password]);

  const results = job.result?.results ?? job.progress?.results;
  const groups = useMemo(() => summarizeGroups(results ?? []), [results]);
  const notRead = groups.filter((summary) => summary.status !== 'read').map((summary) => summary.group);

  return {
    contextState,
    context,
    start,
    stop: job.stop,
    running: job.running || contextState === 'loading',
    progress: job.progress,
    finished: job.result !== undefined,
    stopped: job.result?.stopped ?? false,
    panelStop: job.result?.panelStops.get(devId),
    groups,
    notRead,
    template,
  };
}
