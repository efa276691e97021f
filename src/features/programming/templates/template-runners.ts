/**
 * The step runners of the dialogs over the real calls: reading records (keeping what was read), reading after
 * checking each panel's installer password once, and writing with the diff deciding whether anything is sent.
 */
import type { JsonObject, SettingsForm } from '@generated/settings/types.ts';
import { diffSettings } from '../../../lib/forms/settings/settings-diff.ts';
import { checkInstallerLogin, readRecord, writeRecord } from './panel-io.ts';
import { StepFailure, writeRunner, type JobStep, type StepRunner, type WriteStep } from './run-job.ts';
import { stepKey } from './template-plan.ts';

/** The panel password a job uses for a panel. */
export type PasswordOf = (devId: number) => string;

/** Reads each step's record into `held`. */
export const readRunner =
  (passwordOf: PasswordOf, held: Map<string, JsonObject>): StepRunner<JobStep> =>
  async (step, signal) => {
    const target = { devId: step.devId, password: passwordOf(step.devId), record: step.record };
    held.set(stepKey(step), await readRecord(step.group, target, signal));
    return 'read';
  };

/** Like `readRunner`, but each panel's password is first checked, once, to be its installer's. */
export function checkedReadRunner(passwordOf: PasswordOf, held: Map<string, JsonObject>): StepRunner<JobStep> {
  const checks = new Map<number, Promise<unknown>>();
  const read = readRunner(passwordOf, held);
  return async (step, signal) => {
    let check = checks.get(step.devId);
    if (!check) {
      check = checkInstallerLogin(step.devId, passwordOf(step.devId), signal);
      checks.set(step.devId, check);
    }
    await check;
    return read(step, signal);
  };
}

/** Writes each step's record when it changes (the template's values over what the panel holds). */
export function panelWriteRunner(forms: Readonly<Record<number, SettingsForm>>, passwordOf: PasswordOf) {
  const formOf = (group: number): SettingsForm => {
    const form = forms[group];
    if (!form) throw new StepFailure('panelError');
    return form;
  };
  const target = (step: JobStep) => ({ devId: step.devId, password: passwordOf(step.devId), record: step.record });
  return writeRunner<WriteStep>({
    read: (step, signal) => readRecord(step.group, target(step), signal),
    write: (step, data) => writeRecord(formOf(step.group), target(step), data),
    changes: (step, before, after) => {
      const form = formOf(step.group);
      return diffSettings(form.schema, form.uiSchema, before, after).length;
    },
  });
}
