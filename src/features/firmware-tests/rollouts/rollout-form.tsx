/**
 * The form that starts a roll-out of a tested version: the target (the model's panels, one dealer's, or a pasted list
 * of panels), the stages (shares of the target, 1 / 10 / 50 / 100 % to begin with and editable, or explicit lists),
 * the pause between stages and the halt rule; each field's rule comes from the contract's schemas (validation.ts).
 * "Review" asks the server for the panel count of each stage (the proposed preview, which also refuses what a start
 * would) and shows it in a confirm, with the panels that would go back to an older version and a choice to tick for
 * them (review-dialog.tsx); only the confirm starts the roll-out, once, and opens its page.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FirmwareTest, FirmwareVersion, RolloutPreview } from '@generated/api/types.gen.ts';
import { fieldMessage } from '../../../lib/forms/field-message.ts';
import type { FieldRule } from '../../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';
import { paths } from '../../../lib/routing/paths.ts';
import { FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { usePreviewRollout, useStartRollout } from './api.ts';
import { FormSection as Section } from './form-section.tsx';
import { ReviewDialog } from './review-dialog.tsx';
import { useRolloutForm, type NumberName, type TargetKind } from './rollout-form-state.ts';
import { StagesSection } from './stages-section.tsx';
import { dealerRules, haltRules, pauseRules } from './validation.ts';

export function RolloutForm({ test, version }: { test: FirmwareTest; version: FirmwareVersion }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useRolloutForm(version.id);
  const { targetKind, setTargetKind, dealer, setDealer, targetList, setTargetList, touched, touch } = form;
  const { pauseError, haltErrors, dealerError, targetError, valid, body } = form;
  const [preview, setPreview] = useState<RolloutPreview>();
  const previewCall = usePreviewRollout();
  const start = useStartRollout();
  const shown = (name: string, key: TranslationKey | undefined, rule?: FieldRule) =>
    form.touched[name] ? fieldMessage(t, key, rule) : undefined;
  const numberRules = {
    pause: pauseRules.rules.pause,
    maxFailed: haltRules.rules.maxFailed,
    backOnline: haltRules.rules.backOnline,
  };
  const numberField = (name: NumberName, label: string, error: TranslationKey | undefined) => (
    <TextField
      label={label}
      value={form.numbers[name]}
      onChange={(event) => form.setNumbers((now) => ({ ...now, [name]: event.target.value }))}
      onBlur={form.touch(name)}
      error={Boolean(shown(name, error, numberRules[name]))}
      helperText={shown(name, error, numberRules[name])}
      required
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ minWidth: 200, flex: 1 }}
    />
  );
  return (
    <Stack spacing={3} component="form" noValidate onSubmit={(event) => event.preventDefault()}>
      <Typography>
        {t('firmwareRollouts.start.intro', { id: test.id, model: test.model_name, version: version.firm_ver })}
      </Typography>
      <Section>
        <TextField
          select
          label={t('firmwareRollouts.start.target')}
          value={targetKind}
          onChange={(event) => setTargetKind(event.target.value as TargetKind)}
        >
          <MenuItem value="model">{t('firmwareRollouts.start.targetModel', { model: test.model_name })}</MenuItem>
          <MenuItem value="dealer">{t('firmwareRollouts.start.targetDealer')}</MenuItem>
          <MenuItem value="list">{t('firmwareRollouts.start.targetList')}</MenuItem>
        </TextField>
        {targetKind === 'dealer' ? (
          <TextField
            label={t('firmwareRollouts.start.dealer')}
            value={dealer}
            onChange={(event) => setDealer(event.target.value)}
            onBlur={touch('dealer')}
            error={Boolean(shown('dealer', dealerError, dealerRules.rules.dealer))}
            helperText={shown('dealer', dealerError, dealerRules.rules.dealer)}
            required
          />
        ) : null}
        {targetKind === 'list' ? (
          <TextField
            label={t('firmwareRollouts.start.list')}
            value={targetList}
            onChange={(event) => setTargetList(event.target.value)}
            onBlur={touch('targetList')}
            error={Boolean(shown('targetList', targetError))}
            helperText={shown('targetList', targetError) ?? t('firmwareRollouts.start.listHelp')}
            multiline
            minRows={3}
            required
          />
        ) : null}
      </Section>
      <StagesSection form={form} shown={shown} />
      <Section>
        <Typography component="h2" variant="h6">
          {t('firmwareRollouts.start.rules')}
        </Typography>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {numberField('pause', t('firmwareRollouts.start.pause'), pauseError)}
          {numberField('maxFailed', t('firmwareRollouts.start.maxFailed'), haltErrors.maxFailed)}
          {numberField('backOnline', t('firmwareRollouts.start.backOnline'), haltErrors.backOnline)}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('firmwareRollouts.start.haltHelp')}
        </Typography>
      </Section>
      {!valid && Object.keys(touched).length > 0 ? (
        <Alert severity="warning">{t('firmwareRollouts.start.fixFields')}</Alert>
      ) : null}
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        disabled={!valid || previewCall.isPending}
        onClick={() => previewCall.mutate({ body: body() }, { onSuccess: (answer) => setPreview(answer.data) })}
      >
        {t('firmwareRollouts.start.review')}
      </Button>
      <FormDialog open={preview !== undefined} onClose={() => setPreview(undefined)}>
        {preview ? (
          <ReviewDialog
            preview={preview}
            model={test.model_name}
            version={version.firm_ver}
            pending={start.isPending}
            onStart={(allowDowngrade) =>
              start.mutate(allowDowngrade ? { ...body(), allow_downgrade: true } : body(), {
                onSuccess: (answer) => void navigate({ to: paths.panelTestRollout(answer.data.id) }),
              })
            }
            onCancel={() => setPreview(undefined)}
          />
        ) : null}
      </FormDialog>
    </Stack>
  );
}
