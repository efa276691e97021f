/**
 * Prove the account again before a dangerous action (the contract's `x-reauth`, proposed `POST /logins/reauth`): the
 * server refused the action with 403 `reauth-required` because the session authenticated more than
 * `reauthMinutes` ago. The dialog asks for the password, or, for an account with a second factor, a code of the
 * authenticator app or a recovery code (with a switch to the other); a wrong one shows the error module's text here.
 * A right one swaps the session's token, and only then "Confirm and continue" sends the refused action once more:
 * nothing is sent again by itself. What was typed leaves the state once the call answered.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { getTotpStatusOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { reauthenticate } from '@generated/api/sdk.gen.ts';
import { reauthMinutes } from '@generated/api/reauth.ts';
import { describeFailure } from '../../../lib/api/feedback.ts';
import { storeAccessToken } from '../../../lib/session/session.ts';
import { settleReauth, type ReauthRequest } from '../../../lib/session/reauth-request.ts';
import { useClaims } from '../../../lib/session/use-claims.ts';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { secondFactorProof } from '../../../lib/users/second-factor-proof.ts';

type Mode = 'password' | 'code';

export function ReauthDialog({ request }: { request: ReauthRequest }) {
  const { t } = useTranslation();
  const claims = useClaims();
  // Only the user types that may have a second factor can ask whether they have one.
  const status = useQuery({ ...getTotpStatusOptions(), enabled: (claims?.UserType ?? 0) >= 1 });
  const hasSecondFactor = status.data?.data.enabled === true;
  const [chosen, setChosen] = useState<Mode>();
  const mode: Mode = chosen ?? (hasSecondFactor ? 'code' : 'password');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const proof = mode === 'password' ? (typed ? { password: typed } : undefined) : secondFactorProof(typed);

  const switchTo = (next: Mode) => {
    setChosen(next);
    setTyped('');
    setError(undefined);
  };

  const submit = async () => {
    if (!proof) return;
    setPending(true);
    setError(undefined);
    try {
      const answer = await reauthenticate({ body: proof, throwOnError: true });
      storeAccessToken(answer.data.data.token);
      settleReauth();
      // The person's confirmation sends the refused action once; its own failure is told as any other's.
      request.retry().catch(() => undefined);
    } catch (failure) {
      setError(describeFailure(failure)?.message);
    } finally {
      setTyped('');
      setPending(false);
    }
  };

  return (
    <FormDialog open onClose={settleReauth} maxWidth="xs">
      <DialogForm
        title={t('reauth.title')}
        submitLabel={t('reauth.confirm')}
        canSubmit={proof !== undefined}
        pending={pending}
        onSubmit={() => void submit()}
        onCancel={settleReauth}
      >
        <DialogContentText>{t('reauth.text', { minutes: reauthMinutes })}</DialogContentText>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          key={mode}
          label={mode === 'password' ? t('auth.login.password') : t('auth.common.code')}
          type={mode === 'password' ? 'password' : 'text'}
          autoComplete={mode === 'password' ? 'current-password' : 'one-time-code'}
          helperText={mode === 'code' ? t('reauth.codeHelp') : undefined}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoFocus
          fullWidth
        />
        {hasSecondFactor && (
          <Button onClick={() => switchTo(mode === 'password' ? 'code' : 'password')} sx={{ alignSelf: 'start' }}>
            {mode === 'password' ? t('reauth.useCode') : t('reauth.usePassword')}
          </Button>
        )}
      </DialogForm>
    </FormDialog>
  );
}
