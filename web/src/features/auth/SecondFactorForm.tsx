import { Body1, Button, Link, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';

import { LoadingMask } from '../../components/LoadingMask';
import { CodeField, type CodeKind } from './CodeField';
import { secondFactorFailure } from './secondFactorFailure';
import { outcomeOf } from './signInOutcome';
import { texts } from './texts';
import { signInWithSecondFactor } from './twoFactorApi';
import { twoFactorTexts } from './twoFactorTexts';
import { useCodeEntry } from './useCodeEntry';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  switch: {
    alignSelf: 'flex-start',
    textAlign: 'start',
  },
  error: {
    whiteSpace: 'pre-line',
  },
});

// A second factor, checked by the server: the app's code, or a recovery code instead.
export function SecondFactorForm({
  ticket,
  onSignedIn,
  onEnded,
}: {
  ticket: string;
  onSignedIn: (token: string, recoveryCodesLeft: number | undefined) => void;
  onEnded: (message: string) => void;
}) {
  const styles = useStyles();
  const entry = useCodeEntry();
  const [kind, setKind] = useState<CodeKind>('app');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function switchKind() {
    setKind(kind === 'app' ? 'recovery' : 'app');
    entry.clear();
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const given = entry.checked(kind);
    if (given === null) return;
    setBusy(true);
    setError(null);
    try {
      const response = await signInWithSecondFactor(ticket, kind === 'app' ? { code: given } : { recoveryCode: given });
      const outcome = outcomeOf(response);
      if (outcome.kind === 'signedIn') {
        // Busy until the page has gone on: the ticket is spent.
        onSignedIn(outcome.token, response.recoveryCodesLeft);
        return;
      }
      setError(texts.signInFailed);
    } catch (caught) {
      const failure = secondFactorFailure(caught);
      if (failure.kind === 'ticketEnded') {
        onEnded(failure.message);
        return;
      }
      if (failure.kind === 'codeRefused') entry.refuse(failure.message);
      else setError(failure.kind === 'failed' ? failure.message : texts.signInFailed);
    }
    setBusy(false);
  }

  const app = kind === 'app';
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Body1>{app ? twoFactorTexts.codeIntro : twoFactorTexts.recoveryIntro}</Body1>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody className={styles.error}>{error}</MessageBarBody>
        </MessageBar>
      )}
      <CodeField kind={kind} {...entry.field} autoFocus />
      {/* disabledFocusable: the focus stays on the button while the code is checked. */}
      <Button type="submit" appearance="primary" disabledFocusable={busy}>
        {twoFactorTexts.verify}
      </Button>
      <Link as="button" type="button" className={styles.switch} onClick={switchKind} disabled={busy}>
        {app ? twoFactorTexts.useRecoveryCode : twoFactorTexts.useAppCode}
      </Link>
      {busy && <LoadingMask label={twoFactorTexts.verifying} />}
    </form>
  );
}
