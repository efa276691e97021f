/**
 * A tracked job over programming steps (one record of one group of one panel each): exporting, reading before an
 * import, a dry run, an import or applying to several panels. Steps run one at a time, in order, and each ends
 * with its own result, so:
 *  - a failure of one record or group never loses the others: the job goes on with the next step;
 *  - a panel that answers "not connected", refuses the password, whose password is not the installer's or is locked
 *    (too many wrong ones: the attempt limit's 429) cannot take anything more: its remaining steps are skipped (with
 *    that reason, nothing more is sent with its password) and the result says so;
 *  - a session that ended stops the whole job;
 *  - Stop (the signal) skips every step not started. A step under way finishes its write, so no write is left
 *    unknown; a read under way is cancelled.
 */
import type { JsonObject } from '@generated/settings/types.ts';
import { ApiError, isAbort } from '../../../lib/api/api-error.ts';
import { LockoutError } from '../../../lib/api/lockout-error.ts';
import { PANEL_ANSWER } from '../../../lib/api/panel-answer.ts';

export interface JobStep {
  devId: number;
  group: number;
  record: number;
}

export type FailureReason =
  'passwordRefused' | 'locked' | 'notInstaller' | 'disconnected' | 'panelError' | 'network' | 'sessionEnded';

/** What a step that succeeded did: wrote, found nothing to change (nothing sent), or read. */
export type StepOutcome = 'written' | 'unchanged' | 'read';
export type StepStatus = StepOutcome | 'failed' | 'skipped';

export interface StepResult<S extends JobStep = JobStep> {
  step: S;
  status: StepStatus;
  /** Why it failed, or why it was skipped (its panel stopped); none when the person stopped the job. */
  reason?: FailureReason;
}

/** A step's failure, with the reason people are told. */
export class StepFailure extends Error {
  override name = 'StepFailure';
  constructor(readonly reason: FailureReason) {
    super(reason);
  }
}

/** The reason of a panel's answer code other than 0: a refused password, not connected, else the panel's error. */
export const failureOfCode = (code: unknown): FailureReason =>
  code === PANEL_ANSWER.refused
    ? 'passwordRefused'
    : code === PANEL_ANSWER.disconnected
      ? 'disconnected'
      : 'panelError';

/** The reason of whatever a step threw; undefined for a cancelled call (the step is skipped). */
export function failureOf(error: unknown): FailureReason | undefined {
  if (isAbort(error)) return undefined;
  if (error instanceof StepFailure) return error.reason;
  if (error instanceof LockoutError) return 'locked';
  if (error instanceof ApiError) return error.sessionEnded ? 'sessionEnded' : 'network';
  if (error instanceof Error && error.name === 'TimeoutError') return 'network';
  return 'panelError';
}

/** Failures after which nothing more can reach the panel. */
const PANEL_STOPS: ReadonlySet<FailureReason> = new Set(['disconnected', 'passwordRefused', 'locked', 'notInstaller']);

export interface JobProgress<S extends JobStep = JobStep> {
  done: number;
  total: number;
  /** The step under way. */
  current?: S;
  results: readonly StepResult<S>[];
}

export interface JobResult<S extends JobStep = JobStep> {
  results: StepResult<S>[];
  /** The person stopped the job before its end. */
  stopped: boolean;
  /** The panels whose remaining steps were skipped, and why. */
  panelStops: ReadonlyMap<number, FailureReason>;
}

export type StepRunner<S extends JobStep> = (step: S, signal: AbortSignal) => Promise<StepOutcome>;

export interface RunJobOptions<S extends JobStep> {
  signal?: AbortSignal;
  onProgress?(progress: JobProgress<S>): void;
}

export async function runJob<S extends JobStep>(
  steps: readonly S[],
  run: StepRunner<S>,
  { signal = new AbortController().signal, onProgress }: RunJobOptions<S> = {},
): Promise<JobResult<S>> {
  const results: StepResult<S>[] = [];
  const panelStops = new Map<number, FailureReason>();
  let jobStop: FailureReason | undefined;
  const report = (current?: S) =>
    onProgress?.({ done: results.length, total: steps.length, current, results: [...results] });

  for (const step of steps) {
    const stop = jobStop ?? panelStops.get(step.devId);
    if (signal.aborted || stop) {
      results.push({ step, status: 'skipped', ...(stop ? { reason: stop } : {}) });
      continue;
    }
    report(step);
    try {
      results.push({ step, status: await run(step, signal) });
    } catch (error) {
      const reason = failureOf(error);
      if (!reason) {
        results.push({ step, status: 'skipped' });
        continue;
      }
      results.push({ step, status: 'failed', reason });
      if (reason === 'sessionEnded') jobStop = reason;
      else if (PANEL_STOPS.has(reason)) panelStops.set(step.devId, reason);
    }
  }
  report();
  return { results, stopped: signal.aborted, panelStops };
}

/** A write step: the record's values to write, and what the panel held when it was read (else it is read first). */
export interface WriteStep extends JobStep {
  data: JsonObject;
  before?: JsonObject;
}

export interface WriteIo<S extends WriteStep> {
  read(step: S, signal: AbortSignal): Promise<JsonObject>;
  /** Writes the whole record; throws a StepFailure when the panel does not take it. */
  write(step: S, data: JsonObject): Promise<void>;
  /** How many fields would change (the diff); 0 sends nothing. */
  changes(step: S, before: JsonObject, after: JsonObject): number;
}

/**
 * The step of an import: the record as the panel holds it with the template's values over it; when nothing
 * changes, nothing is sent. The write is not cancelled once sent (its answer is the step's result).
 */
export function writeRunner<S extends WriteStep>(io: WriteIo<S>): StepRunner<S> {
  return async (step, signal) => {
    const before = step.before ?? (await io.read(step, signal));
    const after = { ...before, ...step.data };
    if (io.changes(step, before, after) === 0) return 'unchanged';
    signal.throwIfAborted();
    await io.write(step, after);
    return 'written';
  };
}
