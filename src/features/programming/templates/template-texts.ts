/**
 * The texts of the programming templates: a group's title (from the settings texts), a record as people know it,
 * a step's or a group's result and a failure's reason. Their keys live under `programming.templates`.
 */
import type { Translate } from '../../../lib/forms/settings/settings-texts.ts';
import { groupTitle } from '../../../lib/forms/settings/record-labels.ts';
import type { GroupStatus } from './group-summary.ts';
import type { FailureReason } from './run-job.ts';

export {
  groupRecordLabel,
  groupTitle,
  recordLabel,
  type AlarmNames,
} from '../../../lib/forms/settings/record-labels.ts';

export const statusText = (tt: Translate, status: GroupStatus): string => tt(`programming.templates.status.${status}`);

export const reasonText = (tt: Translate, reason: FailureReason | undefined): string =>
  tt(`programming.templates.reason.${reason ?? 'stopped'}`);

/** A list of group titles, as one line. */
export const groupList = (tt: Translate, groups: readonly number[]): string =>
  groups.map((group) => groupTitle(tt, group)).join(', ');
