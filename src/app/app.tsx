import { useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { router } from './router.tsx';
import { createConsoleTheme } from './theme.ts';
import { queryClient } from './query-client.ts';

export function App() {
  // The theme carries MUI's own texts in the interface language: a language change builds it again.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const theme = useMemo(() => createConsoleTheme(language), [language]);
  return (
    <ThemeProvider theme={theme} defaultMode="system">
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
