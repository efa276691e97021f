/**
 * The footer of a settings form: its status (invalid, nothing changed, how many changes), Revert, Cancel, Save
 * (which opens the review) and why nothing can be written now.
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface SettingsFormFooterProps {
  valid: boolean;
  errorCount: number;
  changeCount: number;
  canSave: boolean;
  saving: boolean;
  blockedReason?: string;
  saveLabel?: string;
  onRevert(): void;
  onCancel?(): void;
  onSave(): void;
}

export function SettingsFormFooter(props: SettingsFormFooterProps) {
  const { valid, errorCount, changeCount, canSave, saving, blockedReason, saveLabel, onRevert, onCancel, onSave } =
    props;
  const { t } = useTranslation();
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {!valid
            ? t('programming.invalid', { count: errorCount })
            : changeCount === 0
              ? t('programming.noChanges')
              : t('programming.changes', { count: changeCount })}
        </Typography>
        {changeCount > 0 ? (
          <Button onClick={onRevert} disabled={saving}>
            {t('programming.revert')}
          </Button>
        ) : null}
        {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
        <Button variant="contained" onClick={onSave} disabled={!canSave}>
          {saveLabel ?? t('programming.save')}
        </Button>
      </Stack>
      {blockedReason ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {blockedReason}
        </Alert>
      ) : null}
    </>
  );
}
