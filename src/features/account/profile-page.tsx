import { useTranslation } from 'react-i18next';
import { Page, QueryState } from '../../shared/page/page.tsx';
import { useUserDetail } from './api/get-user-detail.ts';
import { ProfileForm } from './profile-form.tsx';
import { TwoStepSection } from './two-step/two-step-section.tsx';

/** `/User/Edit`: the signed-in user's own profile. */
export function ProfilePage() {
  const { t } = useTranslation();
  const detail = useUserDetail();
  const user = detail.data?.data;

  return (
    <Page title={t('account.profile.title')} maxWidth={640}>
      <QueryState
        isPending={detail.isPending}
        isError={detail.isError || !user}
        errorText={t('account.profile.loadError')}
        onRetry={() => void detail.refetch()}
      >
        {/* Keyed by user: a different account (after a token refresh) starts a fresh form. */}
        {user ? <ProfileForm key={user.id} user={user} /> : null}
      </QueryState>
      <TwoStepSection />
    </Page>
  );
}
