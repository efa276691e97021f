import { useTranslation } from 'react-i18next';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PayFormValues } from './buyer.ts';

export interface PayFieldsProps {
  values: PayFormValues;
  set: (field: keyof PayFormValues) => (value: string) => void;
  touch: (field: keyof PayFormValues) => () => void;
  /** The message under a refused field, once the person has left it. */
  shown: (field: keyof PayFormValues) => string | undefined;
  disabled: boolean;
}

/** The buyer's billing address: name, address and phone. */
export function BuyerFields({ values, set, touch, shown, disabled }: PayFieldsProps) {
  const { t } = useTranslation();
  const field = (name: keyof PayFormValues) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
    onBlur: touch(name),
    error: Boolean(shown(name)),
    helperText: shown(name),
    disabled,
    required: true,
    fullWidth: true,
  });
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1.5, fontWeight: 600 }}>
        {t('pay.buyer.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('pay.buyer.name')} autoComplete="name" {...field('buyerName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('pay.buyer.phone')} autoComplete="tel" type="tel" {...field('buyerPhone')} />
        </Grid>
        <Grid size={12}>
          <TextField
            label={t('pay.buyer.address')}
            autoComplete="street-address"
            multiline
            minRows={2}
            {...field('buyerAddress')}
          />
        </Grid>
      </Grid>
    </fieldset>
  );
}
