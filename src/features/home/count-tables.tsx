import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GeneralReport } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import { dealerCounts, dealerRows, modelRows, type CountRow } from './report-tables.ts';

interface CountTableProps {
  id: string;
  titleKey: TranslationKey;
  /** A visible caption of the table when the card's title says more than the table (else the title names it). */
  captionKey?: TranslationKey;
  nameKey: TranslationKey;
  countKey: TranslationKey;
  rows: CountRow[];
  /** Figures shown above the table. */
  children?: ReactNode;
}

/** A titled card with a two-column table: a name the server gives (shown as text, never as markup) and a count. */
function CountTable({ id, titleKey, captionKey, nameKey, countKey, rows, children }: CountTableProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`table-card-${id}`}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" gutterBottom>
          {t(titleKey)}
        </Typography>
        {children}
        <Table
          size="small"
          aria-labelledby={captionKey ? undefined : titleId}
          data-testid={`table-${id}`}
          sx={{ '& caption': { captionSide: 'top', px: 0, pt: 1, pb: 0.5, typography: 'subtitle2' } }}
        >
          {captionKey ? <caption>{t(captionKey)}</caption> : null}
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t(nameKey)}</TableCell>
              <TableCell scope="col" align="right">
                {t(countKey)}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={2}>{t('home.tables.empty')}</TableCell>
              </TableRow>
            ) : (
              rows.map((row, index) => (
                <TableRow key={`${row.name}-${index}`}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {number.format(row.count)}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** The dealer and wholesaler counts, as labelled figures. */
function DealerCounts({ report }: { report: GeneralReport }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0, mb: 1 }}>
      {dealerCounts(report).map((count) => (
        <div key={count.id} data-testid={`count-${count.id}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(count.labelKey)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }}>
            {number.format(count.value)}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

/**
 * The dealers (dealer and wholesaler counts, users per dealer code) and the connected panels per panel model.
 */
export function CountTables({ report }: { report: GeneralReport }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <CountTable
          id="dealers"
          titleKey="home.tables.dealers.title"
          captionKey="home.tables.dealers.caption"
          nameKey="home.tables.dealers.code"
          countKey="home.tables.dealers.count"
          rows={dealerRows(report)}
        >
          <DealerCounts report={report} />
        </CountTable>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <CountTable
          id="models"
          titleKey="home.tables.models.title"
          nameKey="home.tables.models.model"
          countKey="home.tables.models.count"
          rows={modelRows(report)}
        />
      </Grid>
    </Grid>
  );
}
