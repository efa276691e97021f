/**
 * What a programming job did to each group of each panel, from its steps' results (a group's records are its steps).
 */
import type { FailureReason, JobStep, StepResult, StepStatus } from './run-job.ts';

export type GroupStatus = StepStatus | 'partial';

export interface GroupSummary {
  devId: number;
  group: number;
  status: GroupStatus;
  counts: Record<StepStatus, number>;
  /** The first failure's reason, or why the group was skipped. */
  reason?: FailureReason;
}

const noCounts = (): Record<StepStatus, number> => ({ written: 0, unchanged: 0, read: 0, failed: 0, skipped: 0 });

function groupStatus(counts: Record<StepStatus, number>): GroupStatus {
  const done = counts.written + counts.unchanged + counts.read;
  if (counts.failed > 0) return 'failed';
  if (counts.skipped > 0) return done > 0 ? 'partial' : 'skipped';
  if (counts.written > 0) return 'written';
  return counts.read > 0 ? 'read' : 'unchanged';
}

/**
 * The result of each group of each panel, in the order of the steps: failed when a record failed, partial when
 * some records were skipped after others went through, skipped, written, read, or unchanged.
 */
export function summarizeGroups<S extends JobStep>(results: readonly StepResult<S>[]): GroupSummary[] {
  const groups = new Map<string, { summary: GroupSummary; failure?: FailureReason; skip?: FailureReason }>();
  for (const { step, status, reason } of results) {
    const key = `${step.devId}/${step.group}`;
    let entry = groups.get(key);
    if (!entry) {
      entry = { summary: { devId: step.devId, group: step.group, status: 'unchanged', counts: noCounts() } };
      groups.set(key, entry);
    }
    entry.summary.counts[status] += 1;
    if (status === 'failed') entry.failure ??= reason;
    if (status === 'skipped') entry.skip ??= reason;
  }
  return [...groups.values()].map(({ summary, failure, skip }) => {
    const reason = summary.counts.failed > 0 ? failure : skip;
    return { ...summary, status: groupStatus(summary.counts), ...(reason ? { reason } : {}) };
  });
}

/** The groups of a panel that were written, wholly or partly (what a stopped import leaves on the panel). */
export const writtenGroups = <S extends JobStep>(results: readonly StepResult<S>[], devId: number): number[] =>
  summarizeGroups(results)
    .filter((summary) => summary.devId === devId && summary.counts.written > 0)
    .map((summary) => summary.group);
