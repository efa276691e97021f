/**
 * The panel management list's changes, each after its dialog (spec 1 §2 Modals, §4, §7): set a panel active or
 * passive (`PUT devices/setpanelstatus`), copy (move) a panel to another user (`POST command/devices/move-device`)
 * and reset a panel (`POST reset-device-info`). A `Success` status gives the toast 'İşlem Başarıyla Gerçekleşti'
 * and runs `onDone`; another status gives the server's message, a failed call the error module's toast (the
 * mutation cache). Nothing is retried automatically.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  moveDeviceMutation,
  resetDeviceInfoMutation,
  setPanelStatusMutation,
} from '@generated/api/@tanstack/react-query.gen.ts';
import { confirmStatus } from '../../../lib/api/results.ts';
import { reloadPanelList } from './panel-list.ts';

/**
 * Sets a panel's state (0 passive, 1 active). On a confirmed answer `onDone` runs (the page goes back to its first
 * page, offset 0) and the list is read again from the server (spec 1 §4 "Panel state dialog").
 */
export function useSetPanelState(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...setPanelStatusMutation(),
    retry: false,
    onSuccess: async (result) => {
      if (!confirmStatus(result)) return;
      onDone();
      await reloadPanelList(queryClient);
    },
  });
}

/** Copies (moves) a panel to the picked user; on a confirmed answer `onDone` runs and the list is read again. */
export function useMovePanel(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...moveDeviceMutation(),
    retry: false,
    onSuccess: async (result) => {
      if (!confirmStatus(result)) return;
      onDone();
      await reloadPanelList(queryClient);
    },
  });
}

/** Resets a panel's stored device information; on a confirmed answer `onDone` runs and the list is read again. */
export function useResetPanel(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...resetDeviceInfoMutation(),
    retry: false,
    onSuccess: async (result) => {
      if (!confirmStatus(result)) return;
      onDone();
      await reloadPanelList(queryClient);
    },
  });
}
