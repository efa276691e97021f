/** The words of an alarm, shared by the bar, the list and the notification. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '../../lib/alarms/alarm-book.ts';

export function useAlarmText(names: ReadonlyMap<number, string>) {
  const { t } = useTranslation();
  const kindText = useCallback(
    (alarm: Alarm) => (alarm.kind === 'fire' ? t('alarms.kind.fire') : t('alarms.kind.alarm')),
    [t],
  );
  const panelText = useCallback(
    (alarm: Alarm) => t('alarms.panel', { name: names.get(alarm.devId) ?? '', devId: alarm.devId }),
    [t, names],
  );
  /** The panel, and the zones and partitions when the messages named them. */
  const where = useCallback(
    (alarm: Alarm) =>
      [
        panelText(alarm),
        alarm.zones.length ? t('alarms.zones', { zones: alarm.zones.join(', ') }) : '',
        alarm.partitions.length
          ? t('alarms.partitions', {
              partitions: alarm.partitions.map((part) => part.name ?? String(part.partno)).join(', '),
            })
          : '',
      ]
        .filter(Boolean)
        .join(' · '),
    [t, panelText],
  );
  const nameOf = useCallback((alarm: Alarm) => names.get(alarm.devId) ?? String(alarm.devId), [names]);
  return { kindText, panelText, where, nameOf };
}
