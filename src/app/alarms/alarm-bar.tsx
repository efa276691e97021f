/**
 * The alarm bar, docked at the bottom of every signed-in page (app-layout.tsx: it never moves the page's content): each unacknowledged alarm with its panel, zones and partitions when the
 * messages named them, since when, "go to panel" and "acknowledge". A new alarm is announced once (a `role="alert"`
 * line written when alarms are raised, not on their updates); the bar itself is a labelled region. The security
 * notices (someone is guessing a panel's password) show above it (security-notice-bar.tsx).
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
// MUI's own (one pixel, clipped): sx reads a bare `width: 1` as 100 %, which made the announcement a screen wide.
import { visuallyHidden } from '@mui/utils';
import { useSoundMuted } from '../../lib/sound/sounds.ts';
import { formatDate } from '../../shared/format/dates.ts';
import {
  alarmWatch,
  setAlarmListOpen,
  unacknowledged,
  useAlarms,
  useFeedDown,
  useLastRaised,
  usePanelNames,
} from './alarm-state.ts';
import { useFleetUnread, useFleetWatch } from './fleet-watch.ts';
import { useAlarmSignals } from './alarm-signals.ts';
import { useAlarmText } from './alarm-text.ts';
import { BarRow } from './bar-row.tsx';
import { NotifyOffer } from './notify-offer.tsx';
import { SecurityNoticeBar } from './security-notice-bar.tsx';
import { useQueueWatch } from '../queue/queue-watch-state.ts';
import { FleetRefusalNotice, useSubscriptionRefusal } from './fleet-refusal.tsx';

/** Rows the bar shows at most (the newest); the others are counted, with "show all" opening the alarm list. */
export const BAR_ROWS = 2;

export function AlarmBar({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const alarms = useAlarms();
  const raised = useLastRaised();
  const names = usePanelNames();
  const [muted] = useSoundMuted();
  const { kindText, where, nameOf } = useAlarmText(names);
  // Every panel of the user is watched for alarms, whatever page is open; the signals follow the alarms.
  useFleetWatch(userName);
  useAlarmSignals();
  // The programming queue's counts and notifications load and run with the same signed-in frame.
  useQueueWatch(userName);

  // The announcement: the alarms the last raise brought (the same array until new alarms come, so an update of a
  // known alarm does not repeat it), while any of them is still unacknowledged.
  const waitingIds = new Set(unacknowledged(alarms).map((alarm) => alarm.id));
  const announced = raised
    .filter((alarm) => waitingIds.has(alarm.id))
    .map((alarm) => t('alarms.announce', { kind: kindText(alarm), name: nameOf(alarm) }));

  // While the feed is down no alarm can arrive: every page says so, not only the panel list's live chip.
  const feedDown = useFeedDown();
  // A fleet read refused for want of a subscription with the web console says so (not "could not be read").
  const refusedForSubscription = useSubscriptionRefusal();
  const fleetUnread = useFleetUnread() && !refusedForSubscription;
  const waiting = unacknowledged(alarms);
  const shown = waiting.slice(0, BAR_ROWS);
  const more = waiting.length - shown.length;
  return (
    <>
      {announced.length > 0 && (
        <Box role="alert" data-testid="alarm-announcement" sx={visuallyHidden}>
          {announced.join('. ')}
        </Box>
      )}
      {/* Someone guessing a panel's password: a notice of its own, above the alarms. */}
      <SecurityNoticeBar />
      {refusedForSubscription && <FleetRefusalNotice />}
      {(feedDown || fleetUnread) && (
        <Box sx={{ px: { xs: 1, sm: 2 }, pt: 1 }}>
          <Alert severity="warning" data-testid="alarm-feed-down">
            {feedDown ? t('alarms.feedDown') : t('alarms.fleetUnread')}
          </Alert>
        </Box>
      )}
      {waiting.length > 0 && (
        <Box
          component="section"
          aria-label={t('alarms.region')}
          data-testid="alarm-bar"
          sx={{ px: { xs: 1, sm: 2 }, pt: 1, display: 'grid', gap: 1 }}
        >
          {shown.map((alarm) => (
            <Alert
              key={alarm.id}
              severity="error"
              variant="filled"
              icon={false}
              data-testid={`alarm-${alarm.devId}-${alarm.kind}`}
              // The bar's rows are not alerts themselves: the announcement above speaks once.
              role="group"
              aria-label={`${kindText(alarm)}: ${nameOf(alarm)}`}
              sx={{ alignItems: 'center', '& .MuiAlert-message': { width: '100%', p: 0 } }}
            >
              <BarRow
                devId={alarm.devId}
                name={nameOf(alarm)}
                action={{
                  text: t('alarms.acknowledge'),
                  label: t('alarms.acknowledgeLabel', { kind: kindText(alarm), name: nameOf(alarm) }),
                  run: () => alarmWatch().acknowledge(alarm.id, userName),
                }}
              >
                <Typography component="p" variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {kindText(alarm)} · {where(alarm)}
                </Typography>
                <Typography component="p" variant="body2">
                  {alarm.clearedAt === undefined
                    ? t('alarms.since', { time: formatDate(alarm.since, 'panel') })
                    : `${t('alarms.since', { time: formatDate(alarm.since, 'panel') })} · ${t('alarms.cleared', { time: formatDate(alarm.clearedAt, 'panel') })}`}
                </Typography>
              </BarRow>
            </Alert>
          ))}
          {more > 0 && (
            <Stack direction="row" spacing={1} data-testid="alarm-more" sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {t('alarms.more', { count: more })}
              </Typography>
              <Button size="small" color="error" onClick={() => setAlarmListOpen(true)}>
                {t('alarms.showAll')}
              </Button>
            </Stack>
          )}
          {muted && (
            <Typography variant="body2" data-testid="alarm-muted" sx={{ fontWeight: 700 }}>
              {t('alarms.muted')}
            </Typography>
          )}
          {/* System notifications for the next alarm in a hidden tab: offered here, not only in the alarm list. */}
          <NotifyOffer />
        </Box>
      )}
    </>
  );
}
export { AlarmBadge } from './alarm-list.tsx';
