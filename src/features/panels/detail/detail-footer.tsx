import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { forgetPanelLogin, type PanelLogin } from '../../../lib/session/panel-logins.ts';
import { INSTALLER_USER_NO, MASTER_USER_NO } from '../../../lib/panels/panel-authority.ts';
import { panelUsersOptions } from '../../../lib/panels/panel-queries.ts';

/**
 * The footer of the detail (spec 1 §2): the panel user whose password opened the panel, with the name when
 * the Users tab has read it, and a way to open the panel as another panel user (the password is asked again).
 * The add and save buttons of the spec belong to the programming forms, which are not part of this page yet.
 */
export function DetailFooter({ devId, login }: { devId: number; login: PanelLogin }) {
  const { t } = useTranslation();
  // Reads what the Users tab loaded, without loading it.
  const users = useQuery({ ...panelUsersOptions(devId), enabled: false }).data;
  const name = users?.data.find((user) => user.user_no === login.userNo)?.name;
  const role =
    login.userNo === INSTALLER_USER_NO
      ? t('panelDetail.users.installer')
      : login.userNo === MASTER_USER_NO
        ? t('panelDetail.users.master')
        : undefined;
  return (
    <Paper
      component="footer"
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}
    >
      <Typography data-testid="panel-login-user">
        {t('panelDetail.footer.user', { number: login.userNo })}
        {[name, role].filter(Boolean).map((part) => ` · ${part}`)}
      </Typography>
      <Button onClick={() => forgetPanelLogin(devId)}>{t('panelDetail.footer.switchUser')}</Button>
    </Paper>
  );
}
