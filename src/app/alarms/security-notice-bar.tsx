/**
 * The alarm bar's security notices: someone is guessing the password of one of the user's panels (the live feed's
 * `security_notice`: the server's attempt limit locked it). Each shows the panel, when the lock began, until when and
 * whether one account or every account is locked out, with "go to panel" and "dismiss" (in every tab). It never shows
 * who it was or what was typed: the message carries neither. A new notice is announced once, like the bar's alarms
 * (a `role="alert"` line written when it comes); the notices themselves are a labelled region. Nothing moves.
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { SecurityNotice } from '../../lib/alarms/security-notices.ts';
import { lockEndTime } from '../../lib/api/lockout-error.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { alarmWatch, useLastNotices, usePanelNames, useSecurityNotices } from './alarm-state.ts';
import { BarRow } from './bar-row.tsx';

export function SecurityNoticeBar() {
  const { t } = useTranslation();
  const notices = useSecurityNotices();
  const raised = useLastNotices();
  const names = usePanelNames();
  const nameOf = (notice: SecurityNotice) => names.get(notice.devId) ?? String(notice.devId);
  // Announced once: the notice the last message brought, while it is still shown.
  const shownIds = new Set(notices.map((notice) => notice.id));
  const announced = raised
    .filter((notice) => shownIds.has(notice.id))
    .map((notice) => t('alarms.security.announce', { name: nameOf(notice) }));
  return (
    <>
      {announced.length > 0 && (
        <Box role="alert" data-testid="security-notice-announcement" sx={visuallyHidden}>
          {announced.join('. ')}
        </Box>
      )}
      {notices.length > 0 && (
        <Box
          component="section"
          aria-label={t('alarms.security.region')}
          data-testid="security-notices"
          sx={{ px: { xs: 1, sm: 2 }, pt: 1, display: 'grid', gap: 1 }}
        >
          {notices.map((notice) => (
            <Alert
              key={notice.id}
              severity="warning"
              // The rows are not alerts themselves: the announcement above speaks once.
              role="group"
              aria-label={`${t('alarms.security.title')}: ${nameOf(notice)}`}
              data-testid={`security-notice-${notice.devId}`}
              sx={{ alignItems: 'center', '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
            >
              <BarRow
                devId={notice.devId}
                name={nameOf(notice)}
                action={{
                  text: t('alarms.security.dismiss'),
                  label: t('alarms.security.dismissLabel', { name: nameOf(notice) }),
                  run: () => alarmWatch().dismissNotice(notice.id),
                }}
                textSx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              >
                <AlertTitle sx={{ mb: 0.5 }}>{t('alarms.security.title')}</AlertTitle>
                <Typography component="p" variant="body2" sx={{ fontWeight: 700 }}>
                  {t('alarms.panel', { name: names.get(notice.devId) ?? '', devId: notice.devId })}
                </Typography>
                <Typography component="p" variant="body2">
                  {[
                    t(notice.scope === 'panel' ? 'alarms.security.locked.panel' : 'alarms.security.locked.account', {
                      until: lockEndTime(notice.lockedUntil),
                    }),
                    t('alarms.security.failures', { count: notice.failures }),
                    t('alarms.security.at', { time: formatDate(notice.at, 'panel') }),
                  ].join(' · ')}
                </Typography>
              </BarRow>
            </Alert>
          ))}
        </Box>
      )}
    </>
  );
}
