/**
 * One settings form, drawn by RJSF (MUI theme) from the generated registry: the schema's rules, the translated
 * uiSchema, the shared widgets and the schema's tabs. Every field shows its own message in the current language;
 * Save stays disabled until the form can be saved and something changed, and opens the diff of what will be
 * written; Enter on a form that cannot be saved raises the persistent `validateErr` warning.
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Form from '@rjsf/mui';
import { TranslatableString, englishStringTranslator, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import type { JsonObject, SettingsForm as SettingsFormEntry } from '@generated/settings/types.ts';
import { notifyValidation } from '../../../lib/api/feedback.ts';
import { diffSettings } from '../../../lib/forms/settings/settings-diff.ts';
import { settingsErrorTransformer } from '../../../lib/forms/settings/settings-errors.ts';
import { formTabs, localizeUiSchema, schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { DiffDialog } from './diff-dialog.tsx';
import { settingsValidator } from './settings-validator.ts';
import { TabbedObjectTemplate, type SettingsFormContext } from './tabbed-object-template.tsx';
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
}

const templates = { ObjectFieldTemplate: TabbedObjectTemplate };

export function SettingsForm({
  form,
  initial,
  start,
  blockedReason,
  saving,
  onWrite,
  saveLabel,
  onCancel,
}: SettingsFormProps) {
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<JsonObject>(start ?? initial);
  const [activeTab, setActiveTab] = useState(0);
  const [reviewing, setReviewing] = useState(false);
  const language = i18n.language;
  const st = schemaTranslate(t);

  const schema = form.schema as RJSFSchema;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with the language
  const uiSchema = useMemo(() => localizeUiSchema(form.schema, form.uiSchema, st) as UiSchema, [form, st, language]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the messages change with the language
  const transformErrors = useMemo(() => settingsErrorTransformer(form.schema, st), [form, st, language]);
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

  const validation = useMemo(
    () => settingsValidator.validateFormData(data, schema, undefined, transformErrors, uiSchema),
    [data, schema, transformErrors, uiSchema],
  );
  const changes = useMemo(() => diffSettings(form.schema, form.uiSchema, initial, data), [form, initial, data]);
  const valid = validation.errors.length === 0;

  const tabsWithErrors = useMemo(() => {
    const fields = new Set(validation.errors.map((error) => (error.property ?? '').split('.')[1] ?? ''));
    return new Set(tabs.flatMap((tab, index) => (tab.fields.some((field) => fields.has(field)) ? [index] : [])));
  }, [validation.errors, tabs]);
  const formContext: SettingsFormContext = { tabs, activeTab, onTab: setActiveTab, tabsWithErrors };

  const canSave = valid && changes.length > 0 && !blockedReason && !saving;
  const review = () => {
    if (!valid) {
      notifyValidation(t('errors.validateErr'), t('errors.validationTitle'));
      return;
    }
    if (canSave) setReviewing(true);
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
        schema={schema}
        uiSchema={uiSchema}
        formData={data}
        validator={settingsValidator}
        widgets={settingsWidgets}
        fields={settingsFields}
        templates={templates}
        formContext={formContext}
        extraErrors={validation.errorSchema}
        showErrorList={false}
        noHtml5Validate
        translateString={translateString}
        idPrefix={`settings-${form.slug}`}
        disabled={saving}
        onChange={(event) => setData((event.formData ?? {}) as JsonObject)}
      >
        {/* Saving is the footer's, after the diff: RJSF draws no submit button. */}
        <></>
      </Form>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {!valid
            ? t('programming.invalid', { count: validation.errors.length })
            : changes.length === 0
              ? t('programming.noChanges')
              : t('programming.changes', { count: changes.length })}
        </Typography>
        {changes.length > 0 ? (
          <Button onClick={() => setData(start ?? initial)} disabled={saving}>
            {t('programming.revert')}
          </Button>
        ) : null}
        {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
        <Button variant="contained" onClick={review} disabled={!canSave}>
          {saveLabel ?? t('programming.save')}
        </Button>
      </Stack>
      {blockedReason ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {blockedReason}
        </Alert>
      ) : null}
      <DiffDialog
        open={reviewing}
        changes={changes}
        saving={saving}
        onCancel={() => setReviewing(false)}
        onConfirm={async () => {
          // Taken or refused, the diff closes; a refused write keeps what the person typed in the form.
          await onWrite(data);
          setReviewing(false);
        }}
      />
    </Box>
  );
}
