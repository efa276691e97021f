import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { router } from './router.tsx';
import { createConsoleTheme } from './theme.ts';
import { queryClient } from './query-client.ts';

export function App({ language }: { language: string }) {
  return (
    <ThemeProvider theme={createConsoleTheme(language)} defaultMode="system">
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
