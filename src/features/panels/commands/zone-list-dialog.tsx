/**
 * The zone list of a panel (spec 1 §3 "Modals"), opened after the panel password check: number, name, bypass
 * switch and state badges, live. The switches send BYPASS, and Edit opens the zone's quick edit over the list, both
 * with the password of the panel login the list was opened with: held by the list while it is open (in memory only),
 * so nothing asks for it again until the list is closed.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Zone } from '@generated/api/types.gen.ts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import { planPermits } from '../../../lib/panels/panel-authority.ts';
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import { usePlanPermissions } from '../../../lib/panels/use-plan-permissions.ts';
import { ZoneTable } from './zone-table.tsx';
import { loadDetailTexts } from '../../../lib/i18n/i18n.ts';

// The quick edit is the detail's: its code and the detail's texts load when a zone's Edit is first used.
const ZoneQuickEdit = lazy(() =>
  Promise.all([import('../detail/zone-quick-edit.tsx'), loadDetailTexts()]).then(([module]) => ({
    default: module.ZoneQuickEdit,
  })),
);

export interface ZoneListDialogProps {
  panel: PanelView;
  login: PanelLogin;
  open: boolean;
  onClose(): void;
}

export function ZoneListDialog({ panel, login, open, onClose }: ZoneListDialogProps) {
  const { t } = useTranslation();
  const plan = usePlanPermissions();
  // The zone whose quick edit is open over the list.
  const [editing, setEditing] = useState<Zone>();
  const titleId = `zones-title-${panel.dev_id}`;
  // A phone gets the whole screen: the zone names keep their words and the Edit column stays on it.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('commands.zone.title', { name: panel.description })}</DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        <ZoneTable
          devId={panel.dev_id}
          panelName={panel.description || String(panel.dev_id)}
          password={login.password}
          actionsLabel={t('commands.edit')}
          // The edit link opens the zone's quick edit here, with the password given for this list (never asked again).
          renderActions={(zone) => (
            <Button
              size="small"
              aria-label={t('commands.zone.editLabel', { no: zone.zone_no + 1, name: zone.name })}
              onClick={() => setEditing(zone)}
            >
              {t('commands.edit')}
            </Button>
          )}
          canBypass={planPermits(plan, 'BYPASS') && panel.connected !== false}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
      {editing ? (
        <Suspense fallback={null}>
          <ZoneQuickEdit
            devId={panel.dev_id}
            password={login.password}
            zone={editing}
            onClose={() => setEditing(undefined)}
          />
        </Suspense>
      ) : null}
    </Dialog>
  );
}

export default ZoneListDialog;
