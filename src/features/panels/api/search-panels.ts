import { useQuery } from '@tanstack/react-query';
import { searchDevicesOptions } from '@generated/api/@tanstack/react-query.gen.ts';

/** The user's panels matching a keyword (`devicesearch/0/{text}`, from offset 0); idle while `text` is empty. */
export const usePanelSearch = (text: string) =>
  useQuery({ ...searchDevicesOptions({ path: { text } }), enabled: text !== '', staleTime: 0 });
