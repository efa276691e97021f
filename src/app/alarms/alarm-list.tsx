/**
 * The header's alarm badge (the count of unacknowledged alarms) and the list it opens: active and recent alarms of
 * this session with their times and who acknowledged them in this browser, and the "notify me" control.
 */
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useSoundMuted } from '../../lib/sound/sounds.ts';
import { formatDate } from '../../shared/format/dates.ts';
import {
  alarmWatch,
  setAlarmListOpen,
  unacknowledged,
  useAlarmListOpen,
  useAlarms,
  usePanelNames,
} from './alarm-state.ts';
import { useNotifyChoice } from './alarm-signals.ts';
import { useAlarmText } from './alarm-text.ts';

export function AlarmBadge({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const alarms = useAlarms();
  const open = useAlarmListOpen();
  const count = unacknowledged(alarms).length;
  const label = t('alarms.badge', { count });
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        // The browser's own tooltip (MUI's Tooltip would re-split chunks the sign-in page shares: README, size).
        title={label}
        aria-haspopup="dialog"
        data-testid="alarm-badge"
        onClick={() => setAlarmListOpen(true)}
      >
        <Badge badgeContent={count} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {open && <AlarmList userName={userName} onClose={() => setAlarmListOpen(false)} />}
    </>
  );
}

function AlarmList({ userName, onClose }: { userName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const alarms = useAlarms();
  const names = usePanelNames();
  const [muted] = useSoundMuted();
  const { kindText, where, nameOf } = useAlarmText(names);
  const notify = useNotifyChoice();
  return (
    <Dialog open onClose={onClose} aria-labelledby="alarm-list-title" fullWidth maxWidth="sm">
      <DialogTitle id="alarm-list-title">{t('alarms.listTitle')}</DialogTitle>
      <DialogContent dividers>
        {muted && (
          <Typography variant="body2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('alarms.muted')}
          </Typography>
        )}
        {alarms.length === 0 ? (
          <Typography>{t('alarms.listEmpty')}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('alarms.listTitle')}
            data-testid="alarm-list"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {alarms.map((alarm) => (
              <Box component="li" key={alarm.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {kindText(alarm)} · {where(alarm)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {[
                        alarm.clearedAt === undefined ? t('alarms.state.active') : t('alarms.state.cleared'),
                        t('alarms.since', { time: formatDate(alarm.since, 'panel') }),
                        alarm.clearedAt !== undefined
                          ? t('alarms.cleared', { time: formatDate(alarm.clearedAt, 'panel') })
                          : '',
                        alarm.acknowledgedAt !== undefined
                          ? t('alarms.acknowledgedBy', {
                              user: alarm.acknowledgedBy ?? '',
                              time: formatDate(alarm.acknowledgedAt, 'panel'),
                            })
                          : t('alarms.notAcknowledged'),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography>
                  </Box>
                  {alarm.acknowledgedAt === undefined && (
                    <Button
                      size="small"
                      sx={{ flexShrink: 0 }}
                      aria-label={t('alarms.acknowledgeLabel', { kind: kindText(alarm), name: nameOf(alarm) })}
                      onClick={() => alarmWatch().acknowledge(alarm.id, userName)}
                    >
                      {t('alarms.acknowledge')}
                    </Button>
                  )}
                </Stack>
              </Box>
            ))}
          </Box>
        )}
        <Typography variant="body2" data-testid="alarm-notify-state" sx={{ mt: 2 }}>
          {notify.state === 'denied'
            ? t('alarms.notifyDenied')
            : notify.state === 'unsupported'
              ? t('alarms.notifyUnsupported')
              : notify.state === 'on'
                ? t('alarms.notifyOn')
                : ''}
        </Typography>
      </DialogContent>
      <DialogActions>
        {notify.state === 'off' && <Button onClick={() => void notify.enable()}>{t('alarms.notifyMe')}</Button>}
        {notify.state === 'on' && <Button onClick={notify.disable}>{t('alarms.notifyOff')}</Button>}
        <Button onClick={onClose}>{t('alarms.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
