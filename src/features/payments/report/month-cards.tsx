import { useTranslation } from 'react-i18next';
import { createLink } from '@tanstack/react-router';
import Button, { type ButtonProps } from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { routes } from '../../../lib/routing/paths.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import type { ReportMonth, ReportRange } from './report-data.ts';

interface MonthCardsProps {
  months: readonly ReportMonth[];
  range: ReportRange;
  /** The month whose orders are listed (its id, `YYYYMM`). */
  selected: number | undefined;
  /** A card's link was followed (the page then brings the month's table into view). */
  onSelect: () => void;
}

/**
 * MUI's button as the router's link (typed search, client navigation, a real `<a href>`); the router marks the link
 * of the month shown with `aria-current="page"`.
 */
const ButtonLink = createLink((props: ButtonProps<'a'>) => <Button component="a" {...props} />);

/**
 * One card per month of the report (spec 2): its name with the year, the month's total in TL, how many orders it
 * has, and a link that lists its orders (the month goes into the URL, so the view can be shared). The cards cycle
 * six colour variants.
 */
export function MonthCards({ months, range, selected, onSelect }: MonthCardsProps) {
  const { t, i18n } = useTranslation();
  return (
    <Grid
      container
      spacing={2}
      component="ul"
      aria-label={t('billingReport.months')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {months.map((month) => {
        const current = month.id === selected;
        return (
          <Grid
            key={month.id}
            component="li"
            size={{ xs: 12, sm: 6, md: 4, lg: 3 }}
            data-testid={`report-month-${month.id}`}
            data-variant={month.variant}
          >
            <Card
              variant="outlined"
              sx={{
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                borderTop: 6,
                borderTopColor: `${month.variant}.main`,
                ...(current && { borderColor: `${month.variant}.main`, boxShadow: 3 }),
              }}
            >
              <CardContent sx={{ flex: 1 }}>
                <Typography component="h2" variant="subtitle1" data-testid="month-name">
                  {month.name}
                </Typography>
                <Typography
                  component="p"
                  variant="h5"
                  data-testid="month-total"
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatPrice(month.total, i18n.language)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('billingReport.orderCount', { count: month.orders.length })}
                </Typography>
              </CardContent>
              <CardActions>
                <ButtonLink
                  to={routes.paymentReport}
                  search={{ begin: range.begin, end: range.end, month: month.id }}
                  resetScroll={false}
                  onClick={onSelect}
                  aria-label={t('billingReport.viewOrdersOf', { month: month.name })}
                  variant={current ? 'contained' : 'text'}
                  color={month.variant}
                >
                  {t('billingReport.viewOrders')}
                </ButtonLink>
              </CardActions>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
