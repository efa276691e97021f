import { useTranslation } from 'react-i18next';
import type { Zone } from '@generated/api/types.gen.ts';
import { useUpdateZone } from './api/quick-edit.ts';
import { QuickEditDialog } from './quick-edit-dialog.tsx';
import { validateZoneEdit, zoneEditRules } from './validation.ts';

export interface ZoneQuickEditProps {
  devId: number;
  /** The panel password of the login the zones were opened with (the detail's, or the zone list dialog's own). */
  password: string;
  /** The zone being edited; closed while undefined. */
  zone: Zone | undefined;
  onClose(): void;
}

/**
 * The quick edit of a zone (its name and whether it is active), from the detail's Zones tab or the panel list's zone
 * list: sent with the password the person gave for that list, which is never asked again while the list is open.
 */
export function ZoneQuickEdit({ devId, password, zone, onClose }: ZoneQuickEditProps) {
  const { t } = useTranslation();
  const update = useUpdateZone(devId, password);
  return (
    <QuickEditDialog
      devId={devId}
      item={
        zone && {
          title: t('panelDetail.zones.editTitle', { number: zone.zone_no + 1, name: zone.name }),
          name: zone.name,
          active: zone.active ?? true,
        }
      }
      nameRule={zoneEditRules.rules.name}
      validate={validateZoneEdit}
      pending={update.isPending}
      onSave={(values) => zone?.id && update.save({ id: zone.id, ...values }, onClose)}
      onClose={onClose}
    />
  );
}
