/**
 * The roll-out's review: what the server's preview counted (the target's panels, each stage's) and, when panels of the
 * target run a newer version than the one released, how many and which, with a choice the person must tick before the
 * start: the server refuses a downgrade nobody chose (`allow_downgrade`, the contract's `startFirmwareRollout`).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { RolloutPreview } from '@generated/api/types.gen.ts';
import { DialogForm } from '../../../shared/dialogs/form-dialog.tsx';

export interface ReviewDialogProps {
  preview: RolloutPreview;
  model: string;
  version: string;
  pending: boolean;
  /** Starts the roll-out; `allowDowngrade` only when the person chose to put the listed panels back. */
  onStart: (allowDowngrade: boolean) => void;
  onCancel: () => void;
}

export function ReviewDialog({ preview, model, version, pending, onStart, onCancel }: ReviewDialogProps) {
  const { t } = useTranslation();
  const [downgradeChosen, setDowngradeChosen] = useState(false);
  const downgrades = preview.downgrades;
  const needsChoice = downgrades.length > 0;
  return (
    <DialogForm
      title={t('firmwareRollouts.start.confirmTitle', { model, version })}
      submitLabel={t('firmwareRollouts.start.confirm')}
      canSubmit={!needsChoice || downgradeChosen}
      pending={pending}
      onSubmit={() => onStart(needsChoice && downgradeChosen)}
      onCancel={onCancel}
    >
      <DialogContentText>{t('firmwareRollouts.start.confirmTotal', { count: preview.total })}</DialogContentText>
      <ul data-testid="rollout-preview">
        {preview.stages.map((size, index) => (
          <li key={index}>
            <Typography>{t('firmwareRollouts.start.confirmStage', { stage: index + 1, count: size })}</Typography>
          </li>
        ))}
      </ul>
      {needsChoice ? (
        <Alert severity="warning" data-testid="rollout-downgrades">
          <Typography sx={{ fontWeight: 500 }}>
            {t('firmwareRollouts.start.downgradeTitle', { count: downgrades.length, version })}
          </Typography>
          <Box
            component="ul"
            tabIndex={0}
            aria-label={t('firmwareRollouts.start.downgradeList')}
            sx={{ maxHeight: 160, overflowY: 'auto', my: 1, pl: 3 }}
          >
            {downgrades.map((panel) => (
              <li key={panel.dev_id}>
                {t('firmwareRollouts.start.downgradePanel', {
                  description: panel.description,
                  devId: panel.dev_id,
                  from: panel.firm_ver,
                  to: version,
                })}
              </li>
            ))}
          </Box>
          <FormControlLabel
            control={
              <Checkbox checked={downgradeChosen} onChange={(event) => setDowngradeChosen(event.target.checked)} />
            }
            label={t('firmwareRollouts.start.downgradeChoice', { count: downgrades.length, version })}
          />
        </Alert>
      ) : null}
    </DialogForm>
  );
}
