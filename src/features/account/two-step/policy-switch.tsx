/**
 * The administrators' "require two-step verification for dealers and administrators" (proposed
 * `GET`/`PUT /settings/second-factor-policy`, user type 2): a switch on the profile's two-step section, with its
 * loading and error states; a refused change says so once and leaves the switch as the server has it.
 */
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import {
  getSecondFactorPolicyOptions,
  getSecondFactorPolicyQueryKey,
  setSecondFactorPolicyMutation,
} from '@generated/api/@tanstack/react-query.gen.ts';

export function PolicySwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const policy = useQuery(getSecondFactorPolicyOptions());
  const change = useMutation({
    ...setSecondFactorPolicyMutation(),
    meta: { failureMessage: t('account.twoStep.policy.saveError') },
    onSuccess: (answer) => queryClient.setQueryData(getSecondFactorPolicyQueryKey(), answer),
  });
  if (policy.isPending) return <CircularProgress size={24} aria-label={t('account.twoStep.policy.loading')} />;
  if (policy.isError)
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => void policy.refetch()}>{t('account.twoStep.retry')}</Button>}
      >
        {t('account.twoStep.policy.loadError')}
      </Alert>
    );
  return (
    <FormControlLabel
      control={
        <Switch
          checked={policy.data.data.required}
          disabled={change.isPending}
          onChange={(_event, required) => change.mutate({ body: { required } })}
        />
      }
      label={t('account.twoStep.policy.label')}
    />
  );
}
