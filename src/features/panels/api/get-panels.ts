import { useSuspenseQuery } from '@tanstack/react-query';
import { getUserDevicesOptions } from '@generated/api/@tanstack/react-query.gen.ts';

export const PANEL_PAGE_SIZE = 10;

/** The first page of the signed-in user's panels (the list starts at offset 0; the route's loader fetches it). */
export const panelsOptions = () => getUserDevicesOptions({ path: { offset: 0 }, query: { limit: PANEL_PAGE_SIZE } });

export const usePanels = () => useSuspenseQuery(panelsOptions());
