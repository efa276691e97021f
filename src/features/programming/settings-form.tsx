/**
 * One settings form, drawn by RJSF (MUI theme) from the generated registry: the schema's rules, the translated
 * uiSchema, the shared widgets and the schema's tabs. Every field shows its own message in the current language;
 * Save stays disabled until the form can be saved and something changed, and opens the diff of what will be
 * written; Enter on a form that cannot be saved raises the persistent `validateErr` warning. Typing stays cheap: what
 * is derived from the values settles once typing pauses (use-settled-values.ts).
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Form from '@rjsf/mui';
import { TranslatableString, englishStringTranslator, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import type { JsonObject, SettingsForm as SettingsFormEntry } from '@generated/settings/types.ts';
import { notifyValidation } from '../../lib/api/feedback.ts';
import { formTabs, localizeUiSchema, schemaTranslate } from '../../lib/forms/settings/settings-texts.ts';
import { reviewedBefore } from './api/queue-queries.ts';
import { DiffDialog } from './diff-dialog.tsx';
import { formChecker } from './form-check.ts';
import { SettingsFormFooter } from './settings-form-footer.tsx';
import { settingsTemplates } from './form-templates.tsx';
import type { SettingsFormContext } from './tabbed-object-template.tsx';
import { useSettledValues } from './use-settled-values.ts';
import { settingsFields, settingsWidgets } from './widgets/registry.ts';

export interface SettingsFormProps {
  form: SettingsFormEntry;
  /** What the panel holds now (the diff's "before"). */
  initial: JsonObject;
  /** Where editing starts, when not from `initial` (the message form starts from the schema's defaults). */
  start?: JsonObject;
  /** Why nothing can be written now (armed, disconnected, no permission), translated; undefined when it can. */
  blockedReason?: string;
  saving: boolean;
  /** Writes after the diff was confirmed; resolves true when the panel took it. */
  onWrite(data: JsonObject): Promise<boolean>;
  /** A text for the Save button other than "Save" (the message's "Send"). */
  saveLabel?: string;
  /** Shown beside Save (a dialog's Cancel). */
  onCancel?(): void;
  /**
   * The panel is offline: the review queues the write (`onQueue`, with the values it showed as
   * before for each changed field and an Idempotency-Key made once per review) instead of writing it.
   */
  offline?: boolean;
  /** Queues after the review was confirmed; resolves true when the server queued it. */
  onQueue?(data: JsonObject, before: JsonObject, idempotencyKey: string): Promise<boolean>;
}

export function SettingsForm({
  form,
  initial,
  start,
  blockedReason,
  saving,
  onWrite,
  saveLabel,
  onCancel,
  offline = false,
  onQueue,
}: SettingsFormProps) {
  const { t, i18n } = useTranslation();
  const base = start ?? initial;
  // What RJSF starts from: taken when the form mounts and again on Revert (which draws the form anew).
  const [formStart, setFormStart] = useState(base);
  const [formKey, setFormKey] = useState(0);
  const { settled, onChange, settleNow, settle } = useSettledValues(base);
  const [activeTab, setActiveTab] = useState(0);
  /** The values under review (the diff dialog is open), exactly what a confirmed write sends. */
  const [reviewing, setReviewing] = useState<JsonObject>();
  /** The Idempotency-Key of the review open now: one per review, so pressing again never queues twice. */
  const reviewKey = useRef('');
  const language = i18n.language;
  const st = schemaTranslate(t);

  const schema = form.schema as RJSFSchema;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with the language
  const uiSchema = useMemo(() => localizeUiSchema(form.schema, form.uiSchema, st) as UiSchema, [form, st, language]);
  const tabs = useMemo(() => formTabs(form.tabs, st), [form, st, language]); // eslint-disable-line react-hooks/exhaustive-deps
  const translateString = useMemo(
    () => (key: TranslatableString, params?: string[]) =>
      key === TranslatableString.YesLabel
        ? t('programming.yes')
        : key === TranslatableString.NoLabel
          ? t('programming.no')
          : englishStringTranslator(key, params),
    [t],
  );

  // The check of one set of values, remembered for the last values asked (the render and Save ask for the same).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the messages change with the language
  const check = useMemo(() => formChecker(form, initial, st, uiSchema), [form, initial, st, uiSchema, language]);
  const { errors, errorSchema, changes, valid } = useMemo(() => check(settled), [check, settled]);

  const tabsWithErrors = useMemo(() => {
    const fields = new Set(errors.map((error) => (error.property ?? '').split('.')[1] ?? ''));
    return new Set(tabs.flatMap((tab, index) => (tab.fields.some((field) => fields.has(field)) ? [index] : [])));
  }, [errors, tabs]);
  const formContext = useMemo<SettingsFormContext>(
    () => ({ tabs, activeTab, onTab: setActiveTab, tabsWithErrors }),
    [tabs, activeTab, tabsWithErrors],
  );

  const canSave = valid && changes.length > 0 && !blockedReason && !saving;
  const review = () => {
    const data = settleNow();
    const now = check(data);
    if (!now.valid) {
      notifyValidation(t('errors.validateErr'), t('errors.validationTitle'));
      return;
    }
    if (now.changes.length > 0 && !blockedReason && !saving) {
      reviewKey.current = crypto.randomUUID();
      setReviewing(data);
    }
  };
  const revert = () => {
    settle(base);
    setFormStart(base);
    setFormKey((key) => key + 1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName === 'TEXTAREA' || target.getAttribute('aria-expanded') === 'true')
      return;
    if (target.tagName !== 'INPUT') return;
    event.preventDefault();
    review();
  };

  return (
    <Box onKeyDown={onKeyDown}>
      <Form
        key={formKey}
        schema={schema}
        uiSchema={uiSchema}
        initialFormData={formStart}
        validator={form.validator}
        widgets={settingsWidgets}
        fields={settingsFields}
        templates={settingsTemplates}
        formContext={formContext}
        extraErrors={errorSchema}
        showErrorList={false}
        noHtml5Validate
        translateString={translateString}
        idPrefix={`settings-${form.slug}`}
        disabled={saving}
        onChange={onChange}
      >
        {/* Saving is the footer's, after the diff: RJSF draws no submit button. */}
        <></>
      </Form>
      <SettingsFormFooter
        valid={valid}
        errorCount={errors.length}
        changeCount={changes.length}
        canSave={canSave}
        saving={saving}
        blockedReason={blockedReason}
        saveLabel={saveLabel}
        onRevert={revert}
        onCancel={onCancel}
        onSave={review}
      />
      <DiffDialog
        open={reviewing !== undefined}
        changes={reviewing ? check(reviewing).changes : []}
        saving={saving}
        blockedReason={blockedReason}
        offline={offline && !!onQueue}
        onCancel={() => setReviewing(undefined)}
        onConfirm={async () => {
          if (!reviewing || blockedReason) return;
          if (offline && onQueue) {
            const fields = check(reviewing).changes.map((change) => change.path[0]!);
            // Queued, the review closes; a refused queueing keeps the review open to try again (the same key).
            if (await onQueue(reviewing, reviewedBefore(initial, fields), reviewKey.current)) setReviewing(undefined);
            return;
          }
          // Taken or refused, the diff closes; a refused write keeps what the person typed in the form.
          await onWrite(reviewing);
          setReviewing(undefined);
        }}
      />
    </Box>
  );
}
