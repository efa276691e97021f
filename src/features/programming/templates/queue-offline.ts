/**
 * A template applied to a target panel that is offline: instead of only failing, each chosen record
 * of the template is queued for when the panel connects, against the server's known copy of that record (its
 * "before"): the template's values over the known copy, written as the group's write with the target's password,
 * with `action: template_apply`. A record the known copy already matches is not queued; one the server knows no
 * copy of cannot be (nothing to compare with when the panel connects). Each record has one Idempotency-Key for the
 * dialog's life, so queueing a panel again (after a failure) never queues a record twice.
 */
import { getKnownSettings, queueSettingsWrite } from '@generated/api/sdk.gen.ts';
import type { QueueWriteInput } from '@generated/api/types.gen.ts';
import type { JsonObject, SettingsForm } from '@generated/settings/types.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { writeBody } from '../../../lib/forms/settings/settings-body.ts';
import type { TemplateRecord } from '../../../lib/forms/settings/template-file.ts';
import { requestQueueCheck } from '../../../lib/queue/queue-counts.ts';
import { knownSettingsBody, reviewedBefore } from '../api/queue-queries.ts';
import { recordChanges } from './template-plan.ts';

export interface QueuedTemplate {
  queued: number;
  /** Records the known copy already matches. */
  unchanged: number;
  /** Records with no known copy, or that the server refused. */
  failed: number;
}

export async function queueTemplateFor(
  devId: number,
  password: string,
  records: readonly TemplateRecord[],
  forms: Readonly<Record<number, SettingsForm>>,
  keyOf: (record: TemplateRecord) => string,
): Promise<QueuedTemplate> {
  const outcome: QueuedTemplate = { queued: 0, unchanged: 0, failed: 0 };
  for (const record of records) {
    const form = forms[record.group];
    if (!form) {
      outcome.failed += 1;
      continue;
    }
    try {
      const { data: known } = await getKnownSettings({
        body: knownSettingsBody(record.group, { devId, password, record: record.record }),
        throwOnError: true,
      });
      const before = known.data as JsonObject;
      const changes = recordChanges(forms, record.group, before, record.data);
      if (changes.length === 0) {
        outcome.unchanged += 1;
        continue;
      }
      const target = { devId, password, record: record.record };
      const write = writeBody(form, target, { ...before, ...record.data }) as QueueWriteInput['write'];
      const { data: answer } = await queueSettingsWrite({
        body: {
          dev_id: devId,
          write,
          before: reviewedBefore(
            before,
            changes.map((change) => change.path[0]!),
          ),
          action: 'template_apply',
        },
        headers: { 'Idempotency-Key': keyOf(record) },
        throwOnError: true,
      });
      outcome.queued += 1;
      requestQueueCheck(answer.data);
    } catch (error) {
      // Told in the panel's own line (how many records could not be queued), not one toast per record.
      outcome.failed += 1;
      // A refused panel password (403) or its lock (429) would be refused again for every record, and a wrong one
      // counted again each time: nothing more is sent with it, the records left are not queued.
      if (error instanceof ApiError && (error.httpStatus === 403 || error.kind === 'lockout')) {
        outcome.failed += records.length - records.indexOf(record) - 1;
        break;
      }
    }
  }
  return outcome;
}
