import { Button, Divider, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { LoadingMask } from '../../components/LoadingMask';
import type { EnvironmentSettings, LoginResponse } from '../../lib/api/types';
import { login, loginWithAzure, loginWithWindows } from './api';
import { BotCheck } from './BotCheck';
import { isBotCheckAnswer } from './botCheck';
import { CredentialsForm } from './CredentialsForm';
import { arrangeMethods, enabledMethods, type SignInMethod } from './signInMethods';
import { failureText, outcomeOf, signInFailure } from './signInOutcome';
import { texts } from './texts';
import { twoFactorState } from './twoFactorTicket';
import { useBotCheck, type CheckedRequest } from './useBotCheck';
import { useCompleteSignIn } from './useCompleteSignIn';
import { windowsFailureText } from './windowsFailure';

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
// Or divider (spec 1 §2). A sign-in that failed before the page showed (a cloud directory's, on
// login/success) is said above them as any other failure is.
export function SignInMethods({ settings, priorError = null }: { settings: EnvironmentSettings; priorError?: string | null }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const methods = enabledMethods(settings);
  const [selected, setSelected] = useState(settings.defaultAuthenticationMethod);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(priorError);
  const botCheck = useBotCheck('signin', settings.botCheck);

  if (methods.length === 0) {
    return <p>{texts.noMethods}</p>;
  }
  const { lead, others } = arrangeMethods(methods, selected);

  // One sign-in; answers whether the page stays for another try.
  async function attempt(call: () => Promise<LoginResponse>, failure: (caught: unknown) => string = signInFailure): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      const outcome = outcomeOf(await call());
      switch (outcome.kind) {
        case 'signedIn':
          completeSignIn(outcome.token);
          return false;
        case 'redirect':
          window.location.assign(outcome.address);
          return false;
        case 'route':
          navigate(outcome.path, { state: twoFactorState(outcome.ticket) });
          return false;
        case 'failed':
          setError(texts.signInFailed);
      }
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(false);
    return true;
  }

  // With a username and password, and the bot check's proof when there is a check. When the
  // server asks for a check, the form shows one and, once it is solved, signs in again by itself;
  // only once, so that a check refused again waits for the person.
  function credentialsSignIn(username: string, password: string, againWhenAsked: boolean): CheckedRequest {
    return (proof) =>
      attempt(
        () => login(username, password, proof),
        (caught) => {
          if (!isBotCheckAnswer(caught)) return signInFailure(caught);
          if (againWhenAsked) botCheck.askedFor(credentialsSignIn(username, password, false));
          return failureText(caught.serverText, texts.botCheckAsked);
        },
      );
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
          <Button key={method.key} appearance={appearance} onClick={() => attempt(loginWithWindows, windowsFailureText)} disabled={busy}>
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
          onSubmit={(username, password) => botCheck.send(credentialsSignIn(username, password, true))}
          botCheck={botCheck.shown && <BotCheck {...botCheck.widget} />}
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
