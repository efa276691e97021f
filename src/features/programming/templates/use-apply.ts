/**
 * The state of "Apply to other panels": the source template, the chosen groups and target panels with their
 * passwords, the dry run (each target's password checked, then its records read and compared) and the apply job.
 * A dry run answers for the selection it was run on: changing the groups, the panels or a password asks for a new
 * one before anything can be applied.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import i18next from 'i18next';
import { notifySuccess } from '../../../lib/api/feedback.ts';
import {
  templateGroupNumbers,
  templateRecords,
  type ProgrammingTemplate,
} from '../../../lib/forms/settings/template-file.ts';
import type { TemplateContext } from './template-context.ts';
import type { Target } from './target-panels.tsx';
import { writeSteps } from './template-plan.ts';
import { queueTemplateFor, type QueuedTemplate } from './queue-offline.ts';
import { checkedReadRunner } from './template-runners.ts';
import { usePreview } from './use-preview.ts';
import { useWriteJob } from './use-write-job.ts';

export interface ApplySourceState {
  template: ProgrammingTemplate;
  context: TemplateContext;
}

export function useApply() {
  const [source, setSourceState] = useState<ApplySourceState>();
  const [groups, setGroups] = useState<ReadonlySet<number>>(new Set());
  const [targets, setTargets] = useState<ReadonlyMap<number, Target>>(new Map());
  const [dryRunOf, setDryRunOf] = useState<string>();
  const preview = usePreview();
  const writer = useWriteJob();
  /** Offline targets queued for when they connect, for the dry run they were queued from. */
  const [queued, setQueued] = useState<ReadonlyMap<number, QueuedTemplate | 'running'>>(new Map());
  const keys = useRef(new Map<string, string>());

  const selection = useMemo(
    () =>
      JSON.stringify([
        source?.template.exportedAt,
        source?.template.panel.devId,
        [...groups].sort((a, b) => a - b),
        [...targets].sort(([a], [b]) => a - b).map(([devId, { password }]) => [devId, password]),
      ]),
    [source, groups, targets],
  );
  const passwordOf = useCallback((devId: number) => targets.get(devId)?.password ?? '', [targets]);
  const panelName = useCallback((devId: number) => targets.get(devId)?.name ?? String(devId), [targets]);

  const setSource = (next: ApplySourceState | undefined) => {
    setSourceState(next);
    setGroups(new Set());
    preview.reset();
    writer.reset();
  };

  const ready =
    source !== undefined &&
    groups.size > 0 &&
    targets.size > 0 &&
    [...targets.values()].every((t) => t.password !== '');
  const dryRunCurrent = preview.preview !== undefined && dryRunOf === selection;
  const plans = dryRunCurrent ? (preview.preview?.plans ?? []) : [];
  const steps = writeSteps(plans, (plan) => groups.has(plan.group));

  const dryRun = async () => {
    if (!source || !ready) return;
    writer.reset();
    setQueued(new Map());
    setDryRunOf(selection);
    const records = templateRecords(source.template).filter((record) => groups.has(record.group));
    await preview.run(
      records,
      [...targets.keys()],
      (held) => checkedReadRunner(passwordOf, held),
      source.context.forms,
    );
  };
  const apply = async () => {
    if (!source || steps.length === 0) return;
    await writer.write(steps, source.context.forms, passwordOf);
  };

  /** Whether an offline target can be queued (again: some of its records could not be). */
  const canQueue = (devId: number) => {
    const state = queued.get(devId);
    return state === undefined || (state !== 'running' && state.failed > 0);
  };
  /** Queues the chosen records for offline targets, against the server's known copies (each record once). */
  const queueOffline = async (devIds: readonly number[]) => {
    if (!source || !dryRunCurrent) return;
    const records = templateRecords(source.template).filter((record) => groups.has(record.group));
    const waiting = devIds.filter(canQueue);
    if (waiting.length === 0) return;
    setQueued((old) => new Map([...old, ...waiting.map((devId) => [devId, 'running'] as const)]));
    for (const devId of waiting) {
      const outcome = await queueTemplateFor(devId, passwordOf(devId), records, source.context.forms, (record) => {
        const key = `${selection}/${devId}/${record.group}/${record.record}`;
        const made = keys.current.get(key) ?? crypto.randomUUID();
        keys.current.set(key, made);
        return made;
      });
      if (outcome.queued > 0) notifySuccess(i18next.t('queue.queued'));
      setQueued((old) => new Map(old).set(devId, outcome));
    }
  };

  return {
    queued,
    canQueue,
    queueOffline,
    source,
    setSource,
    sourceGroups: source ? templateGroupNumbers(source.template) : [],
    groups,
    setGroups,
    targets,
    setTargets,
    ready,
    preview,
    dryRunCurrent,
    plans,
    /** The panels the apply job would write to. */
    applyPanels: new Set(steps.map((step) => step.devId)).size,
    dryRun,
    apply,
    writer,
    panelName,
  };
}
