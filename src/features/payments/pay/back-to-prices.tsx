import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import { paths } from '../../../lib/routing/paths.ts';

/** The way back to the price list, under every state of the pay page. */
export function BackToPrices() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={paths.priceList} color="inherit">
      {t('pay.backToPrices')}
    </Button>
  );
}
