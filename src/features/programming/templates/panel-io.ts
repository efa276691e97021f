/**
 * The calls of a programming job, one record at a time. They say nothing themselves (no toast): each failure
 * becomes the step's reason, shown in the job's result table, once. A refused password forgets the login of the
 * panel's open detail page when it is the one that was refused (the page asks again), as a refused read does
 * elsewhere. The passwords of the other panels a job programs stay the job's: they open no panel's detail.
 */
import { getPanelSettings } from '@generated/api/sdk.gen.ts';
import type { JsonObject, SettingsForm } from '@generated/settings/types.ts';
import { PANEL_ANSWER, panelAccepted, panelAnswerCode, passwordCheckGrants } from '../../../lib/api/panel-answer.ts';
import { commandSucceeded } from '../../../lib/api/results.ts';
import { readBody, writeBody, type SettingsTarget } from '../../../lib/forms/settings/settings-body.ts';
import { isObject } from '../../../lib/forms/settings/schema-walk.ts';
import { forgetPanelLogin, panelLogin, type PanelLogin } from '../../../lib/session/panel-logins.ts';
import { loginOfCheck, type PasswordCheckAnswer } from '../../../lib/panels/panel-authority.ts';
import { failureOfCode, StepFailure } from './run-job.ts';

type Answer = { Err?: number; err?: number; data?: unknown };

function refused(devId: number, password: string, code: number | undefined): StepFailure {
  const failure = new StepFailure(failureOfCode(code));
  if (failure.reason === 'passwordRefused' && panelLogin(devId)?.password === password) forgetPanelLogin(devId);
  return failure;
}

/** One record of a group as the panel holds it. */
export async function readRecord(group: number, target: SettingsTarget, signal?: AbortSignal): Promise<JsonObject> {
  const { data } = await getPanelSettings({ body: readBody(group, target), signal, throwOnError: true });
  const answer = data as Answer;
  if (panelAccepted(answer) && isObject(answer.data)) return answer.data;
  throw refused(target.devId, target.password, panelAnswerCode(answer) ?? -1);
}

/**
 * Writes one record of a template applied to a panel (the whole record: the schema's fields of `data`); resolves
 * when the panel took it. The write says it is a template's (`audit-action: template_apply`), so the backend's
 * audit log records it as such.
 */
export async function writeRecord(form: SettingsForm, target: SettingsTarget, data: JsonObject): Promise<void> {
  const answer = await form.write(writeBody(form, target, data), undefined, 'template_apply');
  if (!commandSucceeded(answer)) throw refused(target.devId, target.password, panelAnswerCode(answer));
}

/**
 * The password check of a panel that a job will program (getpanelsettings command USER): only a password whose user
 * has the installer's authority (its `auth` flags, else the user number) programs; another user's cannot, and a
 * password no user has is refused.
 */
export async function checkInstallerLogin(devId: number, password: string, signal?: AbortSignal): Promise<PanelLogin> {
  const { data } = await getPanelSettings({
    body: { dev_id: devId, command: 'USER', group: 0, member: 0, user_pass: password, offset: 0, list_id: 0 },
    signal,
    throwOnError: true,
  });
  const answer = data as PasswordCheckAnswer;
  if (panelAnswerCode(answer) === PANEL_ANSWER.disconnected) throw new StepFailure('disconnected');
  if (!passwordCheckGrants(answer)) throw refused(devId, password, PANEL_ANSWER.refused);
  const login = loginOfCheck(password, answer);
  if (!login.authority.installer) throw new StepFailure('notInstaller');
  return login;
}
