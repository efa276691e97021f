/** The toast kinds the specification names; pages use these, never a toast of their own making. */
import { toastStore } from './toast-store.ts';

/** A confirmation (auto-hidden). */
export const notifySuccess = (message: string, title?: string): number =>
  toastStore.show({ severity: 'success', title, message, persistent: false });

/** A failed validation on save: a warning that stays until closed. */
export const notifyValidation = (message: string, title?: string): number =>
  toastStore.show({ severity: 'warning', title, message, persistent: true });

/** A failure the user must read: danger, stays until closed. */
export const notifyError = (message: string, title?: string): number =>
  toastStore.show({ severity: 'error', title, message, persistent: true });

/** A persistent warning shown once however often it is raised (for example the subscription warning). */
export const notifyWarningOnce = (key: string, message: string, title?: string): number =>
  toastStore.show({ severity: 'warning', title, message, persistent: true, key });
