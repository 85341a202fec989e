import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';

import { LoadingMask } from '../../components/LoadingMask';
import { CodeField } from './CodeField';
import { secondFactorFailure } from './secondFactorFailure';
import { outcomeOf } from './signInOutcome';
import { texts } from './texts';
import { confirmTwoFactorSetup } from './twoFactorApi';
import { twoFactorTexts } from './twoFactorTexts';
import { useCodeEntry } from './useCodeEntry';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  message: {
    whiteSpace: 'pre-line',
  },
});

// The app's first code for the new key, which proves it was set up right and turns the second
// factor on.
export function SetupConfirmForm({
  ticket,
  onConfirmed,
  onEnded,
  onRestart,
}: {
  ticket: string;
  onConfirmed: (token: string, recoveryCodes: string[]) => void;
  onEnded: (message: string) => void;
  // The server has no key for this setup (it was never started, or was lost): a new one is needed.
  onRestart: () => void;
}) {
  const styles = useStyles();
  const entry = useCodeEntry();
  const [message, setMessage] = useState<{ intent: 'error' | 'warning'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const code = entry.checked('app');
    if (code === null) return;
    setBusy(true);
    setMessage(null);
    try {
      const response = await confirmTwoFactorSetup(ticket, code);
      const outcome = outcomeOf(response);
      if (outcome.kind === 'signedIn') {
        onConfirmed(outcome.token, response.recoveryCodes ?? []);
        return;
      }
      setMessage({ intent: 'error', text: texts.signInFailed });
    } catch (caught) {
      const failure = secondFactorFailure(caught);
      switch (failure.kind) {
        case 'ticketEnded':
          onEnded(failure.message);
          return;
        case 'codeRefused':
          entry.refuse(failure.message);
          break;
        case 'setupNotStarted':
          entry.clear();
          setMessage({ intent: 'warning', text: twoFactorTexts.setupRestarted });
          onRestart();
          break;
        case 'failed':
          setMessage({ intent: 'error', text: failure.message });
      }
    }
    setBusy(false);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {message && (
        <MessageBar intent={message.intent} role="alert">
          <MessageBarBody className={styles.message}>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      <CodeField kind="app" {...entry.field} />
      <Button type="submit" appearance="primary" disabledFocusable={busy}>
        {twoFactorTexts.verifyAndTurnOn}
      </Button>
      {busy && <LoadingMask label={twoFactorTexts.verifying} />}
    </form>
  );
}
