/**
 * The panel password prompt of a panel login (spec 1 §3, §6; spec 2 §1): it opens when a panel's detail is entered
 * and before the panel list's zone and output lists. The password is checked with getpanelsettings command USER;
 * access only when `err` is 0 and `user_no` above 0, otherwise 'Yetki Bulunamadı'. The accepted login (with the
 * panel user's authority, `loginOfCheck`) goes to whoever asked: the detail page keeps it while it is open, a list
 * dialog for as long as it is open. Medium size, submits on Enter.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { getPanelSettingsMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { confirmPanelLogin } from '../../../lib/api/results.ts';
import { fieldErrors } from '../../../lib/forms/schema-rules.ts';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { loginOfCheck, type PasswordCheckAnswer } from '../../../lib/panels/panel-authority.ts';
import { PanelPasswordField } from './panel-password-field.tsx';
import { panelLoginMessages, panelLoginRules } from './validation.ts';

export interface PanelPasswordDialogProps {
  devId: number;
  open: boolean;
  onClose(): void;
  onAccepted(login: PanelLogin): void;
  /** The panel's description, named in the title. */
  panelName?: string;
}

/** The password check of a panel login; resolves the accepted login, or undefined (the toast has said why). */
export function usePanelLoginCheck(devId: number) {
  const { mutateAsync, isPending } = useMutation({ ...getPanelSettingsMutation(), retry: false });
  const busy = useRef(false);
  const check = async (password: string): Promise<PanelLogin | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    try {
      const result = await mutateAsync({
        body: { dev_id: devId, command: 'USER', group: 0, member: 0, user_pass: password, offset: 0, list_id: 0 },
      });
      const answer = result as PasswordCheckAnswer;
      return confirmPanelLogin(answer) ? loginOfCheck(password, answer) : undefined;
    } catch {
      // Reported once by the mutation cache.
      return undefined;
    } finally {
      busy.current = false;
    }
  };
  return { check, pending: isPending };
}

function PanelPasswordForm({ devId, onClose, onAccepted, panelName }: Omit<PanelPasswordDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const { check, pending } = usePanelLoginCheck(devId);
  const errors = fieldErrors(panelLoginRules, panelLoginMessages, { password });
  const submit = async () => {
    const login = await check(password);
    if (login) onAccepted(login);
    else setPassword('');
  };
  return (
    <DialogForm
      title={t('commands.login.title', { name: panelName ?? String(devId) })}
      submitLabel={t('commands.login.submit')}
      canSubmit={!errors.password}
      pending={pending}
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      <PanelPasswordField
        value={password}
        onChange={setPassword}
        rule={panelLoginRules.rules.password}
        error={errors.password}
      />
    </DialogForm>
  );
}

export function PanelPasswordDialog({ open, onClose, ...props }: PanelPasswordDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="xs">
      {open ? <PanelPasswordForm onClose={onClose} {...props} /> : null}
    </FormDialog>
  );
}

export default PanelPasswordDialog;
