import type { PanelView } from '../../../lib/panels/panel-view.ts';

/**
 * A disconnected panel is greyed out (spec 1 §4): a muted background and secondary text, which still reads at AA
 * contrast in both themes (the state chip and the disabled commands say why in words).
 */
export const disconnectedLook = (view: PanelView) =>
  view.connected === false ? { bgcolor: 'action.hover', color: 'text.secondary' } : {};
