import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { GeneralReport } from '@generated/api/types.gen.ts';
import { formatPrice } from '../../shared/format/price.ts';
import { summaryCards } from './summary-cards.ts';

/** The summary cards: each a label and its figure (counts in the language's digits, totals in TL). */
export function SummaryCardList({ report }: { report: GeneralReport }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Grid container spacing={2} component="ul" aria-label={t('home.cardsLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {summaryCards(report).map((card) => (
        <Grid key={card.id} component="li" size={{ xs: 6, md: 4, lg: 3 }} data-testid={`card-${card.id}`}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="body2" color="text.secondary" data-testid="card-label">
                {t(card.labelKey)}
              </Typography>
              <Typography variant="h5" component="p" data-testid="card-value">
                {card.money ? formatPrice(card.value, i18n.language) : number.format(card.value)}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
