/**
 * The floor of the stack for a sign-in page: React, MUI (theme with light and dark schemes, a paper, a heading, two
 * outlined inputs, a checkbox, a button), TanStack Router and Query, i18next — and nothing of the console. `npm run
 * bench:size` builds it beside the console, so the sign-in page's figure can be read against what the chosen
 * libraries alone cost.
 */
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRouter, Link, RouterProvider } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CssBaseline from '@mui/material/CssBaseline';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

function SignIn() {
  const { t } = useTranslation();
  const signIn = useMutation({ mutationFn: async (name: string) => name });
  return (
    <Paper component="form">
      <Typography component="h1">{t('auth.login.title')}</Typography>
      <FormControl>
        <InputLabel htmlFor="name">{t('auth.login.username')}</InputLabel>
        <OutlinedInput id="name" label={t('auth.login.username')} />
      </FormControl>
      <FormControl>
        <InputLabel htmlFor="password">{t('auth.login.password')}</InputLabel>
        <OutlinedInput id="password" type="password" label={t('auth.login.password')} />
      </FormControl>
      <FormControlLabel control={<Checkbox />} label={t('auth.login.rememberMe')} />
      <Button variant="contained" loading={signIn.isPending} onClick={() => signIn.mutate('x')}>
        {t('auth.login.submit')}
      </Button>
      <Link to="/">{t('auth.login.register')}</Link>
    </Paper>
  );
}

const router = createRouter({ routeTree: createRootRoute({ component: SignIn }) });
const queryClient = new QueryClient();
const theme = createTheme({
  colorSchemes: { light: true, dark: true },
  cssVariables: { colorSchemeSelector: 'class' },
});
void i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });

createRoot(document.getElementById('root')!).render(
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </ThemeProvider>,
);
