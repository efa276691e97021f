/**
 * The panel's audit log a panel's detail shows in its "Audit" tab (who did what), as a part it is handed:
 * the audit feature makes it and the route puts it into the detail (with the programming's review of changes), so
 * the features never import each other; it loads with the audit chunk, only when the tab is opened.
 */
import type { ComponentType } from 'react';

export interface PanelAuditProps {
  devId: number;
}

export type PanelAuditPart = ComponentType<PanelAuditProps>;
