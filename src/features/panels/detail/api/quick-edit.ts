/**
 * Quick edit of a zone or an output from its list (name and active; spec 1 §7 `PUT devices/{device_id}/zone/
 * {zone_id}` and `.../output/{out_id}`), with the panel password the page holds. A `Success` status is confirmed and
 * the list reloads, and so does programming's read of the record (the name is the record's); any other status, and a wrong panel password (403), is the server's refusal (one toast). A lock of
 * the panel password (429) is noted for the panel: the dialog shows it with the time left (no toast).
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  getPanelOutputsQueryKey,
  getPanelZonesQueryKey,
  updateOutputMutation,
  updateZoneMutation,
} from '@generated/api/@tanstack/react-query.gen.ts';
import { LOCKOUT_SHOWN } from '../../../../lib/api/feedback.ts';
import { useStatusMutation } from '../../../../lib/api/use-status-mutation.ts';
import { notePanelLockout } from '../../../../lib/panels/panel-lockouts.ts';
import { settingsReadPrefix } from '../../../../lib/panels/panel-queries.ts';

export interface QuickEdit {
  /** Record id of the zone or output. */
  id: number;
  name: string;
  active: boolean;
}

/** `password`: the panel password of the login that opened the panel (the server judges it, `x-panel-password`). */
export function useUpdateZone(devId: number, password: string) {
  const queryClient = useQueryClient();
  const mutation = useStatusMutation({ ...updateZoneMutation(), meta: LOCKOUT_SHOWN }, (t) =>
    t('errors.statusSuccess'),
  );
  return {
    ...mutation,
    save: (edit: QuickEdit, onSaved: () => void) =>
      mutation.mutate(
        {
          path: { device_id: devId, zone_id: edit.id },
          body: { device_id: devId, zone_id: edit.id, name: edit.name, active: edit.active, password },
        },
        {
          onError: (error) => notePanelLockout(devId, error),
          onSuccess: () => {
            onSaved();
            void queryClient.invalidateQueries({ queryKey: getPanelZonesQueryKey({ path: { id: devId } }) });
            // The zone's record changed with its row: programming reads it anew (group 0).
            void queryClient.invalidateQueries({ queryKey: settingsReadPrefix(devId, 0) });
          },
        },
      ),
  };
}

export function useUpdateOutput(devId: number, password: string) {
  const queryClient = useQueryClient();
  const mutation = useStatusMutation({ ...updateOutputMutation(), meta: LOCKOUT_SHOWN }, (t) =>
    t('errors.statusSuccess'),
  );
  return {
    ...mutation,
    save: (edit: QuickEdit, onSaved: () => void) =>
      mutation.mutate(
        {
          path: { device_id: devId, out_id: edit.id },
          body: { device_id: devId, out_id: edit.id, name: edit.name, active: edit.active, password },
        },
        {
          onError: (error) => notePanelLockout(devId, error),
          onSuccess: () => {
            onSaved();
            void queryClient.invalidateQueries({ queryKey: getPanelOutputsQueryKey({ path: { id: devId } }) });
            void queryClient.invalidateQueries({ queryKey: settingsReadPrefix(devId, 4) });
          },
        },
      ),
  };
}
