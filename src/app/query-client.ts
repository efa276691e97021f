import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { retryRead } from '../lib/api/api-error.ts';
import { feedbackCaches } from '../lib/api/feedback.ts';

// Every failure is reported once, by the caches, after retries (feedback.ts). Nothing that moves a panel is
// retried automatically: mutations never retry; a read retries once, and only after a server fault.
export const queryClient = new QueryClient({
  ...feedbackCaches(),
  defaultOptions: {
    queries: { retry: retryRead, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** The part of i18next that tells of a language change. */
interface LanguageEvents {
  on(event: 'languageChanged', listener: () => void): unknown;
  off(event: 'languageChanged', listener: () => void): unknown;
}

/**
 * The server answers in the language of the request (lookup lists, names, messages): after a language change every
 * cached query is marked stale and the ones on screen are fetched again in the new language. Only queries: a
 * mutation is never repeated. Answers the function that stops following.
 */
export function refetchOnLanguageChange(client: QueryClient, i18n: LanguageEvents = i18next): () => void {
  const refetch = () => void client.invalidateQueries();
  i18n.on('languageChanged', refetch);
  return () => i18n.off('languageChanged', refetch);
}
refetchOnLanguageChange(queryClient);
