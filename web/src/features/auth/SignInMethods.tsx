import { Button, Divider, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { LoadingMask } from '../../components/LoadingMask';
import { ApiError } from '../../lib/api';
import type { EnvironmentSettings, LoginResponse } from '../../lib/api/types';
import { login, loginWithAzure, loginWithWindows } from './api';
import { CredentialsForm } from './CredentialsForm';
import { arrangeMethods, enabledMethods, type SignInMethod } from './signInMethods';
import { failureText, outcomeOf } from './signInOutcome';
import { texts } from './texts';
import { twoFactorState } from './twoFactorTicket';
import { useCompleteSignIn } from './useCompleteSignIn';

const useStyles = makeStyles({
  methods: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  error: {
    whiteSpace: 'pre-line',
  },
});

// The sign-in methods the environment enables, the selected one first and the others after an
// Or divider (spec 1 §2).
export function SignInMethods({ settings }: { settings: EnvironmentSettings }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const methods = enabledMethods(settings);
  const [selected, setSelected] = useState(settings.defaultAuthenticationMethod);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (methods.length === 0) {
    return <p>{texts.noMethods}</p>;
  }
  const { lead, others } = arrangeMethods(methods, selected);

  async function attempt(call: () => Promise<LoginResponse>) {
    setBusy(true);
    setError(null);
    try {
      const outcome = outcomeOf(await call());
      switch (outcome.kind) {
        case 'signedIn':
          completeSignIn(outcome.token);
          return;
        case 'redirect':
          window.location.assign(outcome.address);
          return;
        case 'route':
          navigate(outcome.path, { state: twoFactorState(outcome.ticket) });
          return;
        case 'failed':
          setError(texts.signInFailed);
      }
    } catch (caught) {
      setError(failureText(caught instanceof ApiError ? caught.serverText : null, texts.signInFailed));
    }
    setBusy(false);
  }

  const button = (method: SignInMethod, primary: boolean) => {
    const appearance = primary ? 'primary' : 'secondary';
    switch (method.kind) {
      case 'dossier':
        return (
          <Button key={method.key} appearance={appearance} onClick={() => setSelected('dossier')} disabled={busy}>
            {texts.useCredentials}
          </Button>
        );
      case 'windows':
        return (
          <Button key={method.key} appearance={appearance} onClick={() => attempt(loginWithWindows)} disabled={busy}>
            {texts.signInWithWindows}
          </Button>
        );
      case 'azure':
        return (
          <Button key={method.key} appearance={appearance} onClick={() => attempt(() => loginWithAzure(method.id))} disabled={busy}>
            {texts.signInWithAzure(method.name)}
          </Button>
        );
    }
  };

  return (
    <div className={styles.methods}>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody className={styles.error}>{error}</MessageBarBody>
        </MessageBar>
      )}
      {lead[0]?.kind === 'dossier' ? (
        <CredentialsForm
          disabled={busy}
          onInvalid={setError}
          onSubmit={(username, password) => attempt(() => login(username, password))}
        />
      ) : (
        lead.map((method) => button(method, true))
      )}
      {others.length > 0 && <Divider>{texts.or}</Divider>}
      {others.map((method) => button(method, false))}
      {busy && <LoadingMask label="Signing in…" />}
    </div>
  );
}
