/**
 * The output list of a panel (spec 1 §3 "Modals"), opened after the panel password check: number, name, on/off
 * switch, live. The switches send OUTPUT with the password of the panel login.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { paths } from '../../../lib/routing/paths.ts';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import { planPermits } from '../../../lib/panels/panel-authority.ts';
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import { usePlanPermissions } from '../../../lib/panels/use-plan-permissions.ts';
import { OutputTable } from './output-switch.tsx';

export interface OutputListDialogProps {
  panel: PanelView;
  login: PanelLogin;
  open: boolean;
  onClose(): void;
}

export function OutputListDialog({ panel, login, open, onClose }: OutputListDialogProps) {
  const { t } = useTranslation();
  const plan = usePlanPermissions();
  const navigate = useNavigate();
  const titleId = `outputs-title-${panel.dev_id}`;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('commands.output.title', { name: panel.description })}</DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        <OutputTable
          devId={panel.dev_id}
          panelName={panel.description || String(panel.dev_id)}
          password={login.password}
          actionsLabel={t('commands.edit')}
          // The edit link opens the detail's tab, where the quick edit lives.
          renderActions={(output) => (
            <Button
              size="small"
              aria-label={t('commands.output.editLabel', { no: output.out_no + 1, name: output.name })}
              onClick={() => void navigate({ to: paths.panelDetail(panel.dev_id), search: { tab: 'outs' } })}
            >
              {t('commands.edit')}
            </Button>
          )}
          canSwitch={planPermits(plan, 'OUTPUT') && panel.connected !== false}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export default OutputListDialog;
