/**
 * A panel's readings in both views (spec 1 §3, §4): connection, GSM signal, battery and temperature. Every reading
 * is an icon with its words beside it, never an icon or a colour alone.
 */
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import BatteryAlertIcon from '@mui/icons-material/BatteryAlert';
import BatteryChargingFullIcon from '@mui/icons-material/BatteryChargingFull';
import BatteryUnknownIcon from '@mui/icons-material/BatteryUnknown';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import SignalCellular0BarIcon from '@mui/icons-material/SignalCellular0Bar';
import SignalCellular1BarIcon from '@mui/icons-material/SignalCellular1Bar';
import SignalCellular2BarIcon from '@mui/icons-material/SignalCellular2Bar';
import SignalCellular3BarIcon from '@mui/icons-material/SignalCellular3Bar';
import SignalCellular4BarIcon from '@mui/icons-material/SignalCellular4Bar';
import ThermostatIcon from '@mui/icons-material/Thermostat';
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import { hasGsm } from '../../../lib/panels/panel-view.ts';
import { batteryState, signalBars, visibleTemperature } from '../panel-display.ts';
import { readingsKey, sameBy } from './part-keys.ts';

/** The icons of 0 to 5 bars (a full signal of 5 shows as the fullest icon there is). */
const SIGNAL_ICONS = [
  SignalCellular0BarIcon,
  SignalCellular1BarIcon,
  SignalCellular2BarIcon,
  SignalCellular3BarIcon,
  SignalCellular4BarIcon,
  SignalCellular4BarIcon,
];

function Reading({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box
      component="span"
      data-testid={testId}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap', typography: 'body2' }}
    >
      {icon}
      <span>{children}</span>
    </Box>
  );
}

/** GSM signal (GSM models only), battery, temperature (below 128 only) and the connection. */
export const Readings = memo(
  function Readings({ view }: { view: PanelView }) {
    const { t } = useTranslation();
    const battery = batteryState(view.battary);
    const temperature = visibleTemperature(view.KLStatus?.temp);
    const bars = signalBars(view.gsmlevel);
    const SignalIcon = SIGNAL_ICONS[bars]!;
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'center' }}>
        {view.connected === false ? (
          <Reading icon={<LinkOffIcon fontSize="small" />} testId="panel-connection">
            {t('panels.list.disconnected')}
          </Reading>
        ) : (
          <Reading icon={<LinkIcon fontSize="small" />} testId="panel-connection">
            {t('panels.list.connected')}
          </Reading>
        )}
        {hasGsm(view.model) && view.gsmlevel !== undefined ? (
          <Reading icon={<SignalIcon fontSize="small" />} testId="panel-signal">
            {t('panels.list.signal', { bars })}
          </Reading>
        ) : null}
        {battery === 'low' ? (
          <Reading icon={<BatteryAlertIcon fontSize="small" color="error" />} testId="panel-battery">
            {t('panels.list.battery.low')}
          </Reading>
        ) : null}
        {battery === 'charging' ? (
          <Reading icon={<BatteryChargingFullIcon fontSize="small" />} testId="panel-battery">
            {t('panels.list.battery.charging')}
          </Reading>
        ) : null}
        {battery === 'missing' ? (
          <Reading icon={<BatteryUnknownIcon fontSize="small" />} testId="panel-battery">
            {t('panels.list.battery.missing')}
          </Reading>
        ) : null}
        {temperature !== undefined ? (
          <Reading icon={<ThermostatIcon fontSize="small" />} testId="panel-temperature">
            {t('panels.list.temperature', { value: temperature })}
          </Reading>
        ) : null}
      </Box>
    );
  },
  sameBy('view', readingsKey),
);
