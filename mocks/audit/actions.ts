/**
 * The operations the audit log records (mocks/areas/audit.ts), by their operation id, and what names the object of each: the
 * panel commands, the user and panel administration, an order's billing, the firmware roll-outs' actions. Settings
 * writes and zone or output quick updates are named by the settings store (settingsGroupOf, QUICK_UPDATES).
 */
import type { OperationId } from '@generated/api/operations.ts';
import type { AuditAction } from '@generated/api/types.gen.ts';

export const COMMAND: OperationId = 'controlPanel';

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
export const USER_ADMIN = new Set<OperationId>([
  'addUser',
  'updateUser',
  'setUserActiveStatus',
  'resetUserUid',
  'deleteAppUser',
  'moveSubscriptions',
]);

/** The panel administration calls and the body value naming the panel (`moveDevice`: the panel's record id). */
export const PANEL_ADMIN: Readonly<Partial<Record<OperationId, string>>> = {
  addPanel: 'dev_id',
  changePanelDesc: 'device_id',
  removePanel: 'device_id',
  setPanelStatus: 'dev_id',
  moveDevice: 'id',
  resetDeviceInfo: 'dev_id',
};

export const BILLING = new Set<OperationId>(['billOrder', 'cancelOrder']);

/** The firmware roll-outs' actions (proposed): the roll-out they act on is in their answer. */
export const ROLLOUT_START: OperationId = 'startFirmwareRollout';
export const ROLLOUT_ACTIONS = new Set<OperationId>([
  ROLLOUT_START,
  'pauseFirmwareRollout',
  'resumeFirmwareRollout',
  'abortFirmwareRollout',
]);
