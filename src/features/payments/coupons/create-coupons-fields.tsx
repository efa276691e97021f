/** The fields of the create-coupons modal and the batch's amounts, shown live. */
import { useState } from 'react';
import { durationLabel } from '../plan-labels.ts';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PaymentPlan } from '@generated/api/types.gen.ts';
import { firstFieldRef } from '../../../shared/dialogs/form-dialog.tsx';
import { formatPrice } from '../../../shared/format/price.ts';
import {
  choosePlan,
  COUNT_RULE,
  findPlan,
  findPrice,
  parseCount,
  validateCouponForm,
  type CouponField,
  type CouponForm,
} from './coupon-rules.ts';
import { couponAmounts } from './discount.ts';

export interface CreateCouponsFieldsProps {
  plans: readonly PaymentPlan[];
  form: CouponForm;
  onChange: (update: (form: CouponForm) => CouponForm) => void;
}

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

export function CreateCouponsFields({ plans, form, onChange }: CreateCouponsFieldsProps) {
  const { t, i18n } = useTranslation();
  const [touched, setTouched] = useState<Partial<Record<CouponField, boolean>>>({});
  const touch = (field: CouponField) => setTouched((current) => ({ ...current, [field]: true }));
  const errors = validateCouponForm(form, plans);
  const shown = (field: CouponField) => {
    const key = touched[field] ? errors[field] : undefined;
    return key ? t(key, { min: COUNT_RULE.minimum }) : undefined;
  };
  const plan = findPlan(plans, form.planId);
  const price = findPrice(plan, form.priceId);
  const count = errors.count ? undefined : parseCount(form.count);
  const amounts = price && count !== undefined ? couponAmounts(count, price.price, price.discount) : undefined;
  const money = (value: number | undefined) =>
    value === undefined ? '—' : formatPrice(value, i18n.language, price?.currency);

  return (
    <>
      <TextField
        select
        label={t('coupons.create.plan')}
        inputRef={firstFieldRef}
        value={form.planId}
        onChange={(event) => onChange((current) => choosePlan(current, event.target.value))}
        onBlur={() => touch('planId')}
        error={Boolean(shown('planId'))}
        helperText={shown('planId')}
        required
        fullWidth
        slotProps={nativeSelect}
      >
        <option value="">{t('coupons.create.choose')}</option>
        {plans.map((item) => (
          <option key={item.id} value={String(item.id)}>
            {item.title}
          </option>
        ))}
      </TextField>
      {plan ? (
        // Keyed by the plan: a new type brings a fresh, empty price select.
        <TextField
          key={plan.id}
          select
          label={t('coupons.create.price')}
          value={form.priceId}
          onChange={(event) => onChange((current) => ({ ...current, priceId: event.target.value }))}
          onBlur={() => touch('priceId')}
          error={Boolean(shown('priceId'))}
          helperText={shown('priceId')}
          required
          fullWidth
          slotProps={nativeSelect}
        >
          <option value="">{t('coupons.create.choose')}</option>
          {plan.prices.map((option) => {
            const values = {
              title: durationLabel(t, option),
              price: formatPrice(option.price, i18n.language, option.currency),
              discount: option.discount,
            };
            return (
              <option key={option.id} value={String(option.id)}>
                {option.discount > 0
                  ? t('coupons.create.priceOptionDiscount', values)
                  : t('coupons.create.priceOption', values)}
              </option>
            );
          })}
        </TextField>
      ) : null}
      <TextField
        label={t('coupons.create.count')}
        value={form.count}
        onChange={(event) => onChange((current) => ({ ...current, count: event.target.value }))}
        onBlur={() => touch('count')}
        error={Boolean(shown('count'))}
        helperText={shown('count') ?? t('coupons.create.countHelp', { min: COUNT_RULE.minimum })}
        required
        fullWidth
        type="number"
        autoComplete="off"
        slotProps={{ htmlInput: { min: COUNT_RULE.minimum, max: COUNT_RULE.maximum, step: 1, inputMode: 'numeric' } }}
      />
      <Box component="section" aria-label={t('coupons.create.summary')} aria-live="polite">
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'space-between', gap: 0.5, m: 0 }}
        >
          <Typography component="dt">{t('coupons.create.subtotal')}</Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="coupon-subtotal">
            {money(amounts?.subtotal)}
          </Typography>
          <Typography component="dt">{t('coupons.create.discount')}</Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="coupon-discount">
            {money(amounts?.discount)}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 700 }}>
            {t('coupons.create.total')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 700 }} data-testid="coupon-total">
            {money(amounts?.total)}
          </Typography>
        </Box>
      </Box>
    </>
  );
}
