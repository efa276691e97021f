import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { QueryState } from '../../../shared/page/page.tsx';
import { useEventLog } from './api/event-log.ts';
import { DetailTable } from './detail-table.tsx';
import { NAME_CELL_SX } from './table-style.ts';

/** The Logs tab (spec 1 §2): the panel's events, 10 at a time from the newest, with the next 10 on request. */
export function LogsTab({ devId, login }: { devId: number; login: PanelLogin }) {
  const { t } = useTranslation();
  const log = useEventLog(devId, login);
  const events = log.data?.pages.flat() ?? [];
  return (
    <QueryState
      isPending={log.isPending}
      isError={log.isError && events.length === 0}
      isEmpty={events.length === 0}
      errorText={t('panelDetail.logs.loadError')}
      emptyText={t('panelDetail.logs.empty')}
      onRetry={() => void log.refetch()}
    >
      <Stack spacing={2}>
        <DetailTable label={t('panelDetail.tabs.logs')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('panelDetail.logs.time')}</TableCell>
              <TableCell>{t('panelDetail.logs.parameter')}</TableCell>
              <TableCell>{t('panelDetail.logs.description')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {events.map((event, index) => (
              <TableRow key={`${event.event_time}-${index}`} data-testid="log-event">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(event.event_time, 'panel')}</TableCell>
                <TableCell sx={NAME_CELL_SX}>{event.parameter}</TableCell>
                <TableCell sx={NAME_CELL_SX}>{event.description}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </DetailTable>
        {log.hasNextPage ? (
          <Button
            variant="outlined"
            onClick={() => void log.fetchNextPage()}
            loading={log.isFetchingNextPage}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('panelDetail.logs.more')}
          </Button>
        ) : null}
      </Stack>
    </QueryState>
  );
}
