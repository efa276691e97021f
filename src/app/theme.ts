import { createTheme } from '@mui/material/styles';

/** Light and dark palettes; the console follows the system setting. */
export const theme = createTheme({
  colorSchemes: { light: true, dark: true },
  cssVariables: { colorSchemeSelector: 'class' },
  palette: { primary: { main: '#0d47a1' } },
});
