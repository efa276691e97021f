import { QueryClient } from '@tanstack/react-query';

// Nothing that moves a panel is retried automatically: mutations never retry, reads retry once.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
