/**
 * Which actions a panel offers and why one is unavailable (spec 1 §4, §6): arm only when disarmed, disarm only
 * when armed, stay-arm only without partitions; partitions armed and disarmed one by one; the zone and output
 * lists behind BYPASS and OUTPUT; programming behind PRG, only while disarmed. The spec also wanted a connected
 * panel in card view; the console's programming queue writes to a panel that is not connected once it connects, so
 * the card and the list row offer programming as the detail does, connected or not (the detail says it queues). Whether
 * the person is the panel's installer is known only once a password opened the panel's detail, which is where the
 * program button leads (a password of another panel user is told 'Yetki Bulunamadı' there). A disconnected panel
 * cannot be commanded. A plan permission that is missing
 * disables its button with the reason (rather than hiding it), so nobody wonders where the button went.
 */
import type { PartItem, UserAuthority } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';
import { planPermits, type PlanPermission } from '../../../lib/panels/panel-authority.ts';
import { flagOn, type PanelView } from '../../../lib/panels/panel-view.ts';
import { programmingBlock } from '../../../lib/panels/programming-block.ts';

export type CommandName = 'ARM' | 'STAYARM' | 'DISARM';

export type PanelAction =
  | { kind: 'open' }
  | { kind: 'command'; command: CommandName; partition?: PartItem }
  | { kind: 'zones' }
  | { kind: 'outputs' }
  | { kind: 'program' };

export interface OfferedAction {
  key: string;
  action: PanelAction;
  /** Why the action cannot be used now; undefined when it can. */
  disabledReason?: TranslationKey;
}

const PERMISSION_OF: Record<CommandName, PlanPermission> = { ARM: 'ARM', STAYARM: 'STAYARM', DISARM: 'DISARM' };

export const hasPartitions = (panel: PanelView): boolean =>
  (panel.partcount ?? 0) > 0 || (panel.PartList?.length ?? 0) > 0;

export function offeredActions(panel: PanelView, plan: UserAuthority | undefined): OfferedAction[] {
  const disconnected = panel.connected === false;
  const reason = (permission: PlanPermission): TranslationKey | undefined => {
    if (disconnected) return 'commands.reason.disconnected';
    if (!plan) return 'commands.reason.planLoading';
    return planPermits(plan, permission) ? undefined : 'commands.reason.plan';
  };
  const command = (command: CommandName, partition?: PartItem): OfferedAction => ({
    key: partition ? `${command}-${partition.partno}` : command,
    action: { kind: 'command', command, partition },
    disabledReason: reason(PERMISSION_OF[command]),
  });

  const actions: OfferedAction[] = [{ key: 'open', action: { kind: 'open' } }];
  if (hasPartitions(panel)) {
    for (const partition of panel.PartList ?? []) {
      actions.push(command(flagOn(partition.armed) ? 'DISARM' : 'ARM', partition));
    }
  } else if (flagOn(panel.armed) || flagOn(panel.stayarmed)) {
    actions.push(command('DISARM'));
  } else {
    actions.push(command('ARM'), command('STAYARM'));
  }
  actions.push({ key: 'zones', action: { kind: 'zones' }, disabledReason: reason('BYPASS') });
  actions.push({ key: 'outputs', action: { kind: 'outputs' }, disabledReason: reason('OUTPUT') });
  // A panel that is not connected is programmed through the queue, as its detail does (its writes wait for it).
  const disabledReason = programmingBlock(panel, plan, { requireConnected: false });
  actions.push({ key: 'program', action: { kind: 'program' }, disabledReason });
  return actions;
}
