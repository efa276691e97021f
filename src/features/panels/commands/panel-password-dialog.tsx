/**
 * The panel password prompt of a panel login (spec 1 §3, §6; spec 2 §1): it opens when a panel's detail is entered
 * and before the panel list's zone and output lists. The password is checked with getpanelsettings command USER;
 * access only when `err` is 0 and `user_no` above 0, otherwise 'Yetki Bulunamadı'. The accepted login (with the
 * panel user's authority, `loginOfCheck`) goes to whoever asked: the detail page keeps it while it is open, a list
 * dialog for as long as it is open. Medium size, submits on Enter.
 *
 * Each submit is one check, sent only by the person (never again by itself, never while one is out): a wrong password
 * is counted once by the server's attempt limit. When the limit locks the panel (429, `panel-password`), the dialog
 * says so with the time left, keeps what was typed and cannot be submitted until the lock is over.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { getPanelSettingsMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { LOCKOUT_SHOWN } from '../../../lib/api/feedback.ts';
import { confirmPanelLogin } from '../../../lib/api/results.ts';
import { fieldErrors } from '../../../lib/forms/schema-rules.ts';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { loginOfCheck, type PasswordCheckAnswer } from '../../../lib/panels/panel-authority.ts';
import { PanelLockoutNotice } from '../../../lib/panels/panel-lockout-notice.tsx';
import { notePanelLockout, panelLockedUntil, usePanelLockout } from '../../../lib/panels/panel-lockouts.ts';
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

/** What a check came to: the accepted login, the panel locked (shown by the dialog), or refused (a toast said why). */
export type PanelLoginOutcome = { login: PanelLogin } | { locked: true } | { refused: true };

/** The password check of a panel login: one call per submit, none while one is out or the panel is locked. */
export function usePanelLoginCheck(devId: number) {
  // A lockout is shown by the dialog itself (LOCKOUT_SHOWN), not in a toast; every other failure is one toast.
  const { mutateAsync, isPending } = useMutation({ ...getPanelSettingsMutation(), retry: false, meta: LOCKOUT_SHOWN });
  const busy = useRef(false);
  const check = async (password: string): Promise<PanelLoginOutcome> => {
    if (panelLockedUntil(devId) !== undefined) return { locked: true };
    if (busy.current) return { refused: true };
    busy.current = true;
    try {
      const result = await mutateAsync({
        body: { dev_id: devId, command: 'USER', group: 0, member: 0, user_pass: password, offset: 0, list_id: 0 },
      });
      const answer = result as PasswordCheckAnswer;
      return confirmPanelLogin(answer) ? { login: loginOfCheck(password, answer) } : { refused: true };
    } catch (error) {
      // A lock is noted for every prompt of this panel; any other failure was reported once by the mutation cache.
      return notePanelLockout(devId, error) ? { locked: true } : { refused: true };
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
  const lockout = usePanelLockout(devId);
  const errors = fieldErrors(panelLoginRules, panelLoginMessages, { password });
  const submit = async () => {
    const outcome = await check(password);
    if ('login' in outcome) onAccepted(outcome.login);
    // A wrong password is typed again; a locked panel keeps what was typed for when the lock is over.
    else if ('refused' in outcome) setPassword('');
  };
  return (
    <DialogForm
      title={t('commands.login.title', { name: panelName ?? String(devId) })}
      submitLabel={t('commands.login.submit')}
      canSubmit={!errors.password && lockout.until === undefined}
      pending={pending}
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      <PanelLockoutNotice {...lockout} />
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
