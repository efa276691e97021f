import { useQuery } from '@tanstack/react-query';
import { getUserDevicesOptions } from '@generated/api/@tanstack/react-query.gen.ts';

export const PANEL_PAGE_SIZE = 10;

/** The first page of the signed-in user's panels (the panel list starts at offset 0). */
export const usePanels = () =>
  useQuery(getUserDevicesOptions({ path: { offset: 0 }, query: { limit: PANEL_PAGE_SIZE } }));
