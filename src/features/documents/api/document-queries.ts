/**
 * The file store's calls of the document browsers, through the file store's client (the session's bearer token, the
 * store's `description` as the failure's message): a folder's listing, and a file's download link. A failure is shown
 * once by the query cache (feedback.ts); a download link is asked for afresh every time (the server signs it for a
 * few minutes, and the link itself is the permission: a browser's download carries no token).
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Document } from '@generated/api/types.gen.ts';
import { downloadResourceOptions, getResourcesOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { fileStoreClient } from '../../../lib/api/file-store-client.ts';
import { saveLink } from '../../../shared/files/save-file.ts';

/** A folder's entries (`/` lists the root folders, the tabs). */
export const folderOptions = (path: string) => getResourcesOptions({ client: fileStoreClient(), query: { path } });

/** A file's download link, never taken from the cache. */
export const downloadLinkOptions = (path: string) => ({
  ...downloadResourceOptions({ client: fileStoreClient(), query: { path } }),
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

/** Downloads a file: asks the store for its link and saves what the link answers (a failure is one toast). */
export function useDownloadFile(): (entry: Document) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (entry: Document) => {
      try {
        const link = await queryClient.fetchQuery(downloadLinkOptions(entry.path));
        saveLink(link.href, entry.name);
      } catch {
        // Reported once by the query cache.
      }
    },
    [queryClient],
  );
}
