import { useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { describeFailure } from '../lib/api/feedback.ts';
import { useReducedMotion } from '../lib/motion/reduced-motion.ts';
import { TableEnvironmentProvider } from '../shared/table/table-environment.tsx';
import { router } from './router.tsx';
import { createConsoleTheme } from './theme.ts';
import { queryClient } from './query-client.ts';

/** What a table says when its list could not be loaded: the console's one error module. */
const describeError = (error: unknown): string | null => describeFailure(error)?.message ?? null;

export function App() {
  // The theme carries MUI's own texts in the interface language: a language change builds it again.
  const { i18n } = useTranslation();
  const language = i18n.language;
  // So does a change of the person's motion setting, read at once (no first frame with motion) and followed live.
  const reduceMotion = useReducedMotion();
  const theme = useMemo(() => createConsoleTheme(language, { reduceMotion }), [language, reduceMotion]);
  return (
    <ThemeProvider theme={theme} defaultMode="system">
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <TableEnvironmentProvider describeError={describeError}>
          <RouterProvider router={router} />
        </TableEnvironmentProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
