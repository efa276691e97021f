/**
 * The password prompt of ARM, STAYARM and DISARM, for the whole panel or one partition (spec 1 §3, §4). Medium
 * size, submits on Enter, digits only (the contract's rule). `Err` 0: the command's sound, the dialog closes,
 * 'Komut başarıyla panele gönderildi'. Otherwise it stays open, without sound, and the persistent error toast
 * says why. Arm and stay-arm first show which zones are open or in trouble (the ready-to-arm check); while one of them
 * is not bypassed, arming is a forced arm, sent only once the person has chosen it (the dialog says so). A panel whose
 * password is locked (too many wrong ones) shows the lock with the time left, keeps what was typed and sends nothing.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartItem } from '@generated/api/types.gen.ts';
import { fieldErrors } from '../../../lib/forms/schema-rules.ts';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { planPermits } from '../../../lib/panels/panel-authority.ts';
import { PanelLockoutNotice } from '../../../lib/panels/panel-lockout-notice.tsx';
import { usePanelLockout } from '../../../lib/panels/panel-lockouts.ts';
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import type { CommandName } from './panel-actions-model.ts';
import { PanelPasswordField } from './panel-password-field.tsx';
import { ReadyToArm } from './ready-to-arm.tsx';
import { usePanelCommand } from './use-panel-command.ts';
import { usePanelZones } from './zone-bypass.tsx';
import { zonesBlockingArm } from './zones.ts';
import { usePlanPermissions } from '../../../lib/panels/use-plan-permissions.ts';
import { commandPasswordMessages, commandPasswordRules } from './validation.ts';

export interface CommandDialogProps {
  panel: PanelView;
  command: CommandName;
  partition?: PartItem;
  open: boolean;
  onClose(): void;
}

function CommandForm({ panel, command, partition, onClose }: Omit<CommandDialogProps, 'open'>) {
  const { t } = useTranslation();
  const plan = usePlanPermissions();
  const [password, setPassword] = useState('');
  const { send, pending } = usePanelCommand(panel.dev_id, { panelName: panel.description });
  const lockout = usePanelLockout(panel.dev_id);
  const errors = fieldErrors(commandPasswordRules, commandPasswordMessages, { password });
  // One rule for arming with open zones: a zone open or in trouble and not bypassed makes it a forced arm, which the
  // person chooses explicitly (the panel decides whether it arms; arm-watch.ts says so when it does not).
  const arming = command !== 'DISARM';
  const { zones, query } = usePanelZones(panel.dev_id, arming);
  const blocking = arming && query.isSuccess ? zonesBlockingArm(zones).length : 0;
  const [forced, setForced] = useState(false);
  const name = panel.description;
  const part = partition?.name ?? String(partition?.partno ?? '');

  const title = partition
    ? command === 'DISARM'
      ? t('commands.dialog.disarmPartTitle', { name, part })
      : t('commands.dialog.armPartTitle', { name, part })
    : command === 'ARM'
      ? t('commands.dialog.armTitle', { name })
      : command === 'STAYARM'
        ? t('commands.dialog.stayArmTitle', { name })
        : t('commands.dialog.disarmTitle', { name });
  const submitLabel = partition
    ? command === 'DISARM'
      ? t('commands.disarmPart', { part })
      : t('commands.armPart', { part })
    : command === 'ARM'
      ? t('commands.arm')
      : command === 'STAYARM'
        ? t('commands.stayArm')
        : t('commands.disarm');

  const submit = async () => {
    const accepted = await send({
      command,
      password,
      partno: partition?.partno ?? 0,
      ispart: partition !== undefined,
    });
    if (accepted) onClose();
  };

  return (
    <DialogForm
      title={title}
      submitLabel={submitLabel}
      canSubmit={!errors.password && lockout.until === undefined && (blocking === 0 || forced)}
      pending={pending}
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      <PanelLockoutNotice {...lockout} />
      <PanelPasswordField
        value={password}
        onChange={setPassword}
        rule={commandPasswordRules.rules.password}
        error={errors.password}
      />
      {arming ? (
        <ReadyToArm
          devId={panel.dev_id}
          panelName={panel.description || String(panel.dev_id)}
          password={password}
          passwordValid={!errors.password && lockout.until === undefined}
          canBypass={planPermits(plan, 'BYPASS')}
          forced={forced}
          onForcedChange={setForced}
        />
      ) : null}
    </DialogForm>
  );
}

export function CommandDialog({ open, onClose, ...props }: CommandDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="xs">
      {open ? <CommandForm onClose={onClose} {...props} /> : null}
    </FormDialog>
  );
}

export default CommandDialog;
