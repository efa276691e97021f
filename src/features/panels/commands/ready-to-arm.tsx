/**
 * The ready-to-arm check of the arm and stay-arm dialogs: the zones that are open (motion) or in trouble, from
 * the zone list and the live zone states, each with its bypass switch where the plan permits BYPASS. The switches
 * send with the password typed in the dialog, so they wait until one is typed. While a zone to check is not
 * bypassed, arming is a forced arm: the check says so and offers the choice, which the dialog's arm button waits for
 * (command-dialog.tsx). Its notes are statuses, not alerts:
 * they describe the panel as the dialog opens, nothing went wrong.
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePanelZones, useConfirmedZoneBypass, ZoneBypassSwitch, ZoneStateBadges } from './zone-bypass.tsx';
import { zonesBlockingArm, zonesToCheck } from './zones.ts';

export interface ReadyToArmProps {
  devId: number;
  /** The panel's name, said in the confirmation a bypass switch asks for. */
  panelName: string;
  /** The password typed in the dialog; empty or invalid keeps the switches disabled. */
  password: string;
  passwordValid: boolean;
  canBypass: boolean;
  /** The person chose a forced arm (arming with the zones that are open or in trouble and not bypassed). */
  forced: boolean;
  onForcedChange(forced: boolean): void;
}

export function ReadyToArm({
  devId,
  panelName,
  password,
  passwordValid,
  canBypass,
  forced,
  onForcedChange,
}: ReadyToArmProps) {
  const { t } = useTranslation();
  const { zones, query } = usePanelZones(devId);
  const { bypass, dialog } = useConfirmedZoneBypass(devId, panelName, password);
  const headingId = `ready-${devId}`;

  let body;
  if (query.isPending) {
    body = <CircularProgress size={24} aria-label={t('commands.dialog.loading')} />;
  } else if (query.isError) {
    body = (
      <Alert severity="warning" role="status">
        {t('commands.ready.loadFailed')}
      </Alert>
    );
  } else {
    const toCheck = zonesToCheck(zones);
    const blocking = zonesBlockingArm(zones);
    body =
      toCheck.length === 0 || blocking.length === 0 ? (
        <Alert severity="success" role="status" data-testid="ready-clear">
          {t('commands.ready.clear')}
        </Alert>
      ) : null;
    if (toCheck.length > 0) {
      body = (
        <>
          {body ?? (
            <Alert severity="warning" role="status" data-testid="ready-warning">
              {t('commands.ready.intro', { count: blocking.length })}
            </Alert>
          )}
          <List dense aria-labelledby={headingId} data-testid="ready-zones">
            {toCheck.map((zone) => (
              <ListItem
                key={zone.zone_no}
                data-testid={`ready-zone-${zone.zone_no}`}
                disableGutters
                secondaryAction={
                  <ZoneBypassSwitch zone={zone} bypass={bypass} disabled={!canBypass || !passwordValid} />
                }
              >
                <ListItemText
                  primary={`${zone.zone_no + 1}. ${zone.name}`}
                  secondary={<ZoneStateBadges zone={zone} />}
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            ))}
          </List>
          {blocking.length > 0 ? (
            <FormControlLabel
              data-testid="forced-arm"
              control={<Checkbox checked={forced} onChange={(_event, checked) => onForcedChange(checked)} />}
              label={t('commands.ready.forced', { count: blocking.length })}
            />
          ) : null}
        </>
      );
    }
  }

  return (
    <Stack spacing={1} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {t('commands.ready.title')}
      </Typography>
      {body}
      {dialog}
    </Stack>
  );
}
