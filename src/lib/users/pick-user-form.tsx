/**
 * The form of a dialog that gives something to a user picked from the user list (the panel copy of panel
 * management, the user list's move subscriptions): what is given, the user picker with its status line, and the
 * save button, disabled until a user is picked, which sends the call once and shows its progress.
 */
import { useState, type ReactNode } from 'react';
import type { User } from '@generated/api/types.gen.ts';
import { DialogForm } from '../../shared/dialogs/form-dialog.tsx';
import { UserPicker, type UserPickerProps } from './user-picker.tsx';

export interface PickUserFormProps extends Pick<UserPickerProps, 'excludeId' | 'status'> {
  title: string;
  submitLabel: string;
  /** The picker's label: who the picked user becomes. */
  pickerLabel: string;
  pending: boolean;
  onSubmit: (user: User) => void;
  onCancel: () => void;
  /** What is given, above the picker. */
  children: ReactNode;
}

export function PickUserForm({ pickerLabel, excludeId, status, onSubmit, children, ...form }: PickUserFormProps) {
  const [user, setUser] = useState<User | null>(null);
  return (
    <DialogForm
      {...form}
      canSubmit={user !== null}
      onSubmit={() => {
        if (user) onSubmit(user);
      }}
    >
      {children}
      <UserPicker label={pickerLabel} value={user} onChange={setUser} excludeId={excludeId} status={status} />
    </DialogForm>
  );
}
