import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { formatPrice } from '../../shared/format/price.ts';
import { Page, QueryState } from '../../shared/page/page.tsx';
import { useGeneralReport } from './api/get-general-report.ts';
import { summaryCards } from './summary-cards.ts';

/** The administrator's home: the system summary cards. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const report = useGeneralReport();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Page title={t('home.title')}>
      <QueryState
        isPending={report.isPending}
        isError={report.isError}
        errorText={t('home.loadError')}
        onRetry={() => void report.refetch()}
      >
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {report.data
            ? summaryCards(report.data.data).map((card) => (
                <Grid key={card.labelKey} component="li" size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardContent>
                      <Typography variant="body2" color="text.secondary">
                        {t(card.labelKey)}
                      </Typography>
                      <Typography variant="h5" component="p">
                        {card.money ? formatPrice(card.value, i18n.language) : number.format(card.value)}
                      </Typography>
                    </CardContent>
                  </Card>
                </Grid>
              ))
            : null}
        </Grid>
      </QueryState>
    </Page>
  );
}
