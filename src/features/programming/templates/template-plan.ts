/**
 * What a template would change on a panel, group by group: each record of the template against the record the
 * panel holds (the template's values over it), as the diff of the settings forms. A group whose records could not
 * all be read is not planned (its reason is kept); only records that change become write steps.
 */
import type { JsonObject } from '@generated/settings/types.ts';
import { diffSettings, type SettingsChange } from '../../../lib/forms/settings/settings-diff.ts';
import type { TemplateForms, TemplateRecord } from '../../../lib/forms/settings/template-file.ts';
import { summarizeGroups } from './group-summary.ts';
import type { FailureReason, JobStep, StepResult, WriteStep } from './run-job.ts';

export const stepKey = ({ devId, group, record }: JobStep): string => `${devId}/${group}/${record}`;

/** The read steps of a panel's records. */
export const readSteps = (devId: number, records: readonly Pick<TemplateRecord, 'group' | 'record'>[]): JobStep[] =>
  records.map(({ group, record }) => ({ devId, group, record }));

export interface RecordPlan {
  group: number;
  record: number;
  /** The template's values. */
  data: JsonObject;
  /** What the panel holds. */
  before: JsonObject;
  changes: SettingsChange[];
}

export interface GroupPlan {
  devId: number;
  group: number;
  /** The records of the group that change. */
  records: RecordPlan[];
  changeCount: number;
  /** Why the group could not be read (then nothing of it is written). */
  failure?: FailureReason;
  /** The group was not read at all (the read was stopped). */
  skipped?: boolean;
}

/** The changes of a record: the template's values over what the panel holds. */
export const recordChanges = (forms: TemplateForms, group: number, before: JsonObject, data: JsonObject) => {
  const form = forms[group];
  return form ? diffSettings(form.schema, form.uiSchema, before, { ...before, ...data }) : [];
};

/** The plan of each group of each panel read, in the order read. */
export function planGroups(
  records: readonly TemplateRecord[],
  reads: readonly StepResult[],
  held: ReadonlyMap<string, JsonObject>,
  forms: TemplateForms,
): GroupPlan[] {
  return summarizeGroups(reads).map(({ devId, group, status, reason }) => {
    if (status !== 'read') {
      return { devId, group, records: [], changeCount: 0, failure: reason, skipped: status === 'skipped' && !reason };
    }
    const planned = records.flatMap(({ group: g, record, data }) => {
      const before = g === group ? held.get(stepKey({ devId, group, record })) : undefined;
      if (!before) return [];
      const changes = recordChanges(forms, group, before, data);
      return changes.length > 0 ? [{ group, record, data, before, changes }] : [];
    });
    return { devId, group, records: planned, changeCount: planned.reduce((n, r) => n + r.changes.length, 0) };
  });
}

/** The write steps of the chosen groups: only their records that change, each with what was read. */
export const writeSteps = (plans: readonly GroupPlan[], chosen: (plan: GroupPlan) => boolean): WriteStep[] =>
  plans
    .filter((plan) => !plan.failure && !plan.skipped && chosen(plan))
    .flatMap((plan) =>
      plan.records.map(({ group, record, data, before }) => ({ devId: plan.devId, group, record, data, before })),
    );
