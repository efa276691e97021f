import type { UserAuthority } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../i18n/translation-key.ts';
import { planPermits } from './panel-authority.ts';
import { flagOn, type PanelView } from './panel-view.ts';

/**
 * Why the panel cannot be programmed now (spec 1 §4, spec 2 §1): only while disarmed (no partition armed either),
 * with the plan's PRG permission, and — in card view and for every write — only while connected. The panel list's
 * PRG action, the panel detail's programming and the panels a template is applied to all ask it here.
 */
export function programmingBlock(
  panel: PanelView,
  plan: UserAuthority | undefined,
  { requireConnected }: { requireConnected: boolean },
): TranslationKey | undefined {
  if (requireConnected && panel.connected === false) return 'commands.reason.disconnected';
  if (flagOn(panel.armed) || flagOn(panel.stayarmed) || (panel.PartList ?? []).some((part) => flagOn(part.armed))) {
    return 'commands.reason.armed';
  }
  if (!plan) return 'commands.reason.planLoading';
  return planPermits(plan, 'PRG') ? undefined : 'commands.reason.plan';
}
