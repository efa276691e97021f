import { QueryClient } from '@tanstack/react-query';
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
