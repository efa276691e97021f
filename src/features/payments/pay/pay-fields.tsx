import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cardBrand, formatExpiryInput, groupCardNumber, type PayFormValues } from './card.ts';

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

const BRAND_LABELS = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', troy: 'Troy' } as const;

/** The card: holder, number (its brand shown as it is typed), expiry and security code. */
export function CardFields({ values, set, touch, shown, disabled }: PayFieldsProps) {
  const { t } = useTranslation();
  const brand = cardBrand(values.number);
  const field = (name: keyof PayFormValues) => ({
    value: values[name],
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
        {t('pay.card.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            label={t('pay.card.holder')}
            autoComplete="cc-name"
            onChange={(event) => set('holder')(event.target.value)}
            {...field('holder')}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            label={t('pay.card.number')}
            autoComplete="cc-number"
            onChange={(event) => set('number')(groupCardNumber(event.target.value))}
            {...field('number')}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 23 },
              input: {
                endAdornment:
                  brand === 'unknown' ? undefined : (
                    <InputAdornment position="end">
                      <Chip size="small" label={BRAND_LABELS[brand]} data-testid="card-brand" />
                    </InputAdornment>
                  ),
              },
            }}
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TextField
            label={t('pay.card.expiry')}
            placeholder={t('pay.card.expiryPlaceholder')}
            autoComplete="cc-exp"
            onChange={(event) => set('expiry')(formatExpiryInput(event.target.value))}
            {...field('expiry')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TextField
            label={t('pay.card.cvv')}
            autoComplete="cc-csc"
            onChange={(event) => set('cvv')(event.target.value.replace(/\D/g, ''))}
            {...field('cvv')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: brand === 'amex' ? 4 : 3 } }}
          />
        </Grid>
      </Grid>
    </fieldset>
  );
}
