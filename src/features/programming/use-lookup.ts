/**
 * The eight lookup lists of the forms (spec 2 §3, §7: Code and Description each), named by the schemas'
 * `x-ui-lookup`. Each is fetched once and kept for the session: every form that names a list shares it.
 */
import { useQuery } from '@tanstack/react-query';
import { lookupOptions, type LookupName } from '@generated/settings/lookups.ts';

export interface LookupEntry {
  Code: number;
  Description: string;
  /** Present in the SIA code list: the two-character code. */
  SiaCode?: string;
}

export const isLookupName = (name: unknown): name is LookupName =>
  typeof name === 'string' && Object.hasOwn(lookupOptions, name);

export const lookupQuery = (name: LookupName) => ({
  ...(lookupOptions[name] as () => ReturnType<(typeof lookupOptions)['getBehaviorList']>)(),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useLookup(name: LookupName | undefined) {
  const query = useQuery({ ...lookupQuery(name ?? 'getBehaviorList'), enabled: name !== undefined });
  return { ...query, entries: (query.data?.data ?? []) as LookupEntry[] };
}
