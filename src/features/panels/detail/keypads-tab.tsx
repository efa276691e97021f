import { useTranslation } from 'react-i18next';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { visibleTemperature } from '../panel-display.ts';
import { useKeypads } from './api/panel-detail-queries.ts';
import { RecordTable } from './record-table.tsx';
import { NAME_CELL_SX } from './table-style.ts';

/** The Keypads tab (spec 1 §2): number (+1), name and temperature (only below 128, the "no sensor" mark). */
export function KeypadsTab({ devId }: { devId: number }) {
  const { t } = useTranslation();
  const keypads = useKeypads(devId);
  const rows = keypads.data?.data ?? [];
  return (
    <RecordTable
      query={keypads}
      isEmpty={rows.length === 0}
      label={t('panelDetail.tabs.keypads')}
      errorText={t('panelDetail.keypads.loadError')}
      emptyText={t('panelDetail.keypads.empty')}
      columns={[t('panelDetail.keypads.temperature')]}
      rows={rows.map((keypad) => {
        const temperature = visibleTemperature(keypad.temp);
        return (
          <TableRow key={keypad.keypad_no} data-testid={`keypad-${keypad.keypad_no + 1}`}>
            <TableCell>{keypad.keypad_no + 1}</TableCell>
            <TableCell sx={NAME_CELL_SX}>{keypad.name}</TableCell>
            <TableCell>{temperature !== undefined ? t('panels.temperature', { value: temperature }) : '—'}</TableCell>
          </TableRow>
        );
      })}
    ></RecordTable>
  );
}
