import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentPlanPrice } from '@generated/api/types.gen.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import type { PayType } from '../../../lib/routing/payment-search.ts';
import type { PayAmounts } from './pay-amounts.ts';
import { SummaryLine } from './summary-line.tsx';

export interface PaySummaryProps {
  summaryTitle: string;
  price: PaymentPlanPrice;
  type: PayType;
  count?: number;
  amounts: PayAmounts;
  money: (value: number) => string;
  busy: boolean;
  onChangeCount?: () => void;
}

/** What is bought and what it costs: the unit price, the discount and the total to pay. */
export function PaySummary({ summaryTitle, price, type, count, amounts, money, busy, onChangeCount }: PaySummaryProps) {
  const { t, i18n } = useTranslation();
  return (
    <Card variant="outlined" component="section" aria-labelledby="pay-summary-title">
      <CardContent>
        <Typography id="pay-summary-title" component="h2" variant="h6" gutterBottom>
          {t('pay.summary.title')}
        </Typography>
        <Typography variant="subtitle1">{summaryTitle}</Typography>
        {type === 'coupon' && count !== undefined ? (
          <Typography variant="body2" color="text.secondary">
            {t('pay.summary.couponCount', { count })}
          </Typography>
        ) : null}
        <Stack component="dl" spacing={0.5} sx={{ mt: 2, mb: 0 }}>
          <SummaryLine
            label={t('pay.summary.unitPrice')}
            value={formatPrice(price.price, i18n.language, price.currency)}
          />
          {price.discount > 0 ? (
            <SummaryLine
              label={t('pay.summary.discountPercent')}
              value={t('pay.summary.percent', { value: price.discount })}
            />
          ) : null}
          {type === 'coupon' ? <SummaryLine label={t('pay.summary.discount')} value={money(amounts.discount)} /> : null}
          <SummaryLine label={t('pay.summary.total')} value={money(amounts.toPay)} strong />
        </Stack>
        {onChangeCount ? (
          <Button onClick={onChangeCount} disabled={busy} sx={{ mt: 1 }}>
            {t('pay.couponCount.change')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
