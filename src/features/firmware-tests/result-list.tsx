/**
 * The result rows of a test, one per stage in test order (spec 2 §3): the stage, passed, failed or not run yet, the
 * error's description, who answered and when. The report dialog lists every row; the run page shows the same list
 * under the stage being run.
 */
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TestResult } from '@generated/api/types.gen.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { stageState, type StageState } from './progress.ts';

const CHIP_COLOR: Record<StageState, 'success' | 'error' | 'default'> = {
  passed: 'success',
  failed: 'error',
  pending: 'default',
};

export function StateChip({ state }: { state: StageState }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={CHIP_COLOR[state]} label={t(`firmwareTests.state.${state}`)} />;
}

export function ResultList({ rows, label }: { rows: readonly TestResult[]; label: string }) {
  const { t } = useTranslation();
  return (
    <List aria-label={label} dense disablePadding>
      {rows.map((row, index) => {
        const state = stageState(row);
        return (
          <ListItem key={row.id} divider disableGutters sx={{ alignItems: 'flex-start' }}>
            <ListItemText
              disableTypography
              primary={
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {`${index + 1}. ${row.description}`}
                  </Typography>
                  <StateChip state={state} />
                </Stack>
              }
              secondary={
                <Stack sx={{ mt: 0.5 }}>
                  {state === 'failed' && row.result_description ? (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {row.result_description}
                    </Typography>
                  ) : null}
                  {state !== 'pending' ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('firmwareTests.report.answeredBy', {
                        user: row.user_name ?? '',
                        time: formatDate(row.add_time, 'panel'),
                      })}
                    </Typography>
                  ) : null}
                </Stack>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
