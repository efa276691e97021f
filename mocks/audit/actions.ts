/**
 * The operations the audit log records (mocks/areas/audit.ts), by their key, and what names the object of each: the
 * panel commands, the user and panel administration, an order's billing, the firmware roll-outs' actions. Settings
 * writes and zone or output quick updates are named by the settings store (settingsGroupOf, QUICK_UPDATES).
 */
import type { AuditAction } from '@generated/api/types.gen.ts';

export const COMMAND = 'post /command/devices/controlpanel';

/** The action of each panel command (`ControlPanelRequest.command`). */
export const COMMAND_ACTIONS: Readonly<Record<string, AuditAction>> = {
  ARM: 'arm',
  STAYARM: 'stay_arm',
  DISARM: 'disarm',
  BYPASS: 'bypass',
  OUTPUT: 'output',
};

/**
 * The user administration calls: the user they name is the body's `user_id` (`addUser`: the answer's `data.id`). A
 * password reset (`changePassToDefault`) is a security event (mocks/areas/security-events.ts).
 */
export const USER_ADMIN = new Set([
  'post /user/adduser',
  'put /user/updateuser',
  'put /user/setuseractivestatus',
  'delete /user/resetuseruid',
  'delete /user/deleteappuser',
  'post /user/movesubscriptions',
]);

/** The panel administration calls and the body value naming the panel (`moveDevice`: the panel's record id). */
export const PANEL_ADMIN: Readonly<Record<string, string>> = {
  'post /command/devices/userdevices/addpanel': 'dev_id',
  'put /command/devices/userdevices/changepaneldesc': 'device_id',
  'delete /command/devices/userdevices/removepanel': 'device_id',
  'put /devices/setpanelstatus': 'dev_id',
  'post /command/devices/move-device': 'id',
  'post /reset-device-info': 'dev_id',
};

export const BILLING = new Set(['put /orders/{id}/billing', 'put /orders/{id}/cancel']);

/** The firmware roll-outs' actions (proposed): the roll-out they act on is in their answer. */
export const ROLLOUT_START = 'post /firmware-rollouts';
export const ROLLOUT_ACTIONS = new Set([
  ROLLOUT_START,
  'post /firmware-rollouts/{id}/pause',
  'post /firmware-rollouts/{id}/resume',
  'post /firmware-rollouts/{id}/abort',
]);
