/** The live zone and output states of a panel, for the lists that merge them over what the API answered. */
import type { LiveOutputState, LiveZoneState } from '@generated/api/types.gen.ts';
import { usePanelLive } from '../../../lib/live/use-live.ts';

export function useLiveZonesAndOutputs(devId: number): {
  zones: readonly LiveZoneState[] | undefined;
  outs: readonly LiveOutputState[] | undefined;
} {
  const live = usePanelLive(devId);
  return { zones: live?.state.zones, outs: live?.state.outs };
}
