/**
 * Sends one command to a panel (spec 1 §4): ARM, STAYARM, DISARM (after the password prompt), BYPASS, OUTPUT.
 * Nothing that moves a panel is retried, and one command per panel is in flight at a time whichever control
 * sent it, so a double click or Enter pressed twice sends one command. `Err` 0 shows 'Komut başarıyla panele
 * gönderildi' and plays the command's sound; any other `Err` the persistent 'Komut panele gönderilirken bir hata
 * oluştu'; a failed call the one error toast of the mutation cache. A lockout of the panel password (429) is noted
 * for the panel and shown where its password is asked (`PanelLockoutNotice`), not in a toast; while it lasts nothing
 * is sent to the panel.
 */
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { useMutation } from '@tanstack/react-query';
import { controlPanelMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import type { ControlPanelRequest, PanelCommandName } from '@generated/api/types.gen.ts';
import { LOCKOUT_SHOWN } from '../../../lib/api/feedback.ts';
import { confirmCommand, notifyNotArmed } from '../../../lib/api/results.ts';
import { notePanelLockout, panelLockedUntil } from '../../../lib/panels/panel-lockouts.ts';
import { LiveStoreContext } from '../../../lib/live/use-live.ts';
import { playSound, type SoundKind } from '../../../lib/sound/sounds.ts';
import { ARM_CONFIRM_MS, watchArming, type LiveSource } from './arm-watch.ts';

/** A command to the panel: the contract's `controlpanel` body without the panel, which the hook knows. */
export type PanelCommandInput = Omit<ControlPanelRequest, 'dev_id'>;

export interface PanelCommandOptions {
  /** The panel's description: named in the warning when an arm command did not arm it. */
  panelName?: string;
}

const SOUND_OF: Partial<Record<PanelCommandName, SoundKind>> = { ARM: 'arm', DISARM: 'disarm', STAYARM: 'stayarm' };

// The panels with a command in flight, shared by every control of the console.
const inFlight = new Set<number>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function usePanelCommand(
  devId: number,
  options: PanelCommandOptions = {},
): { send(input: PanelCommandInput): Promise<boolean>; pending: boolean } {
  const { mutateAsync } = useMutation({ ...controlPanelMutation(), retry: false, meta: LOCKOUT_SHOWN });
  const store = useContext(LiveStoreContext);
  const pending = useSyncExternalStore(
    subscribe,
    () => inFlight.has(devId),
    () => false,
  );
  const { panelName } = options;

  const send = useCallback(
    async (input: PanelCommandInput): Promise<boolean> => {
      if (inFlight.has(devId) || panelLockedUntil(devId) !== undefined) return false;
      inFlight.add(devId);
      changed();
      try {
        const result = await mutateAsync({ body: { ...input, dev_id: devId } });
        const accepted = confirmCommand(result);
        const sound = SOUND_OF[input.command];
        if (accepted && sound) playSound(sound);
        if (accepted && (input.command === 'ARM' || input.command === 'STAYARM') && store) {
          const source: LiveSource = {
            watch: (id) => store.watch(id),
            listen: (id, listener) => store.listen(id, listener),
            state: (id) => store.get(id)?.state,
          };
          watchArming(source, { devId, partno: input.ispart ? input.partno : undefined }, () =>
            notifyNotArmed(panelName ?? String(devId), ARM_CONFIRM_MS / 1000),
          );
        }
        return accepted;
      } catch (error) {
        // A lock is noted for the panel (its prompts show it); any other failure the mutation cache reported (one
        // toast). The caller keeps its dialog open.
        notePanelLockout(devId, error);
        return false;
      } finally {
        inFlight.delete(devId);
        changed();
      }
    },
    [devId, mutateAsync, store, panelName],
  );

  return { send, pending };
}
