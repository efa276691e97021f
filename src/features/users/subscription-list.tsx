/** A user's subscriptions (the account's `subscribes` list): each one's plan and end date, or that there is none. */
import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { UserSubscription } from '@generated/api/types.gen.ts';
import { formatDate } from '../../shared/format/dates.ts';

export function SubscriptionList({ subscriptions }: { subscriptions: readonly UserSubscription[] }) {
  const { t } = useTranslation();
  if (subscriptions.length === 0) {
    return <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('users.edit.noSubscriptions')}</Typography>;
  }
  return (
    <List dense>
      {subscriptions.map((subscription) => (
        <ListItem key={subscription.id} disableGutters>
          {t('users.edit.subscription', {
            plan: subscription.plan_title,
            date: formatDate(subscription.end_date, 'day'),
          })}
        </ListItem>
      ))}
    </List>
  );
}
