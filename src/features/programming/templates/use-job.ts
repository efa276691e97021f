/**
 * A programming job in a dialog: its progress and result as state, Stop, and a stop when the dialog goes away
 * (steps not started are skipped; a write under way finishes).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { runJob, type JobProgress, type JobResult, type JobStep, type StepRunner } from './run-job.ts';

export interface JobState<S extends JobStep> {
  running: boolean;
  progress?: JobProgress<S>;
  result?: JobResult<S>;
}

export function useJob<S extends JobStep>() {
  const [state, setState] = useState<JobState<S>>({ running: false });
  const controller = useRef<AbortController>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (steps: readonly S[], run: StepRunner<S>): Promise<JobResult<S>> => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setState({ running: true, progress: { done: 0, total: steps.length, results: [] } });
    const result = await runJob(steps, run, {
      signal: own.signal,
      onProgress: (progress) => {
        if (controller.current === own) setState((current) => ({ ...current, progress }));
      },
    });
    if (controller.current === own) setState((current) => ({ ...current, running: false, result }));
    return result;
  }, []);

  const stop = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = undefined;
    setState({ running: false });
  }, []);

  return { ...state, start, stop, reset };
}
