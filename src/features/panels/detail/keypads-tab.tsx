import { useTranslation } from 'react-i18next';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { QueryState } from '../../../shared/page/page.tsx';
import { visibleTemperature } from '../panel-display.ts';
import { useKeypads } from './api/panel-detail-queries.ts';
import { DetailTable } from './detail-table.tsx';
import { NAME_CELL_SX } from './table-style.ts';

/** The Keypads tab (spec 1 §2): number (+1), name and temperature (only below 128, the "no sensor" mark). */
export function KeypadsTab({ devId }: { devId: number }) {
  const { t } = useTranslation();
  const keypads = useKeypads(devId);
  const rows = keypads.data?.data ?? [];
  return (
    <QueryState
      isPending={keypads.isPending}
      isError={keypads.isError}
      isEmpty={rows.length === 0}
      errorText={t('panelDetail.keypads.loadError')}
      emptyText={t('panelDetail.keypads.empty')}
      onRetry={() => void keypads.refetch()}
    >
      <DetailTable label={t('panelDetail.tabs.keypads')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('panelDetail.columns.number')}</TableCell>
            <TableCell>{t('panelDetail.columns.name')}</TableCell>
            <TableCell>{t('panelDetail.keypads.temperature')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((keypad) => {
            const temperature = visibleTemperature(keypad.temp);
            return (
              <TableRow key={keypad.keypad_no} data-testid={`keypad-${keypad.keypad_no + 1}`}>
                <TableCell>{keypad.keypad_no + 1}</TableCell>
                <TableCell sx={NAME_CELL_SX}>{keypad.name}</TableCell>
                <TableCell>
                  {temperature !== undefined ? t('panels.temperature', { value: temperature }) : '—'}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </DetailTable>
    </QueryState>
  );
}
