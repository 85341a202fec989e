import { Body1, Field, Input, useId } from '@fluentui/react-components';
import { useRef, useState } from 'react';

import { accountCodeFailure } from './accountCodeFailure';
import { MAX_CREDENTIAL_LENGTH } from './texts';
import type { AccountSetup } from './twoFactorAccountApi';
import { useStartTwoFactorChange } from './twoFactorAccountMutations';
import { twoFactorAccountTexts as texts } from './twoFactorAccountTexts';
import { TwoFactorFormStep } from './TwoFactorFormStep';
import type { Notice } from './TwoFactorNotice';

// Turning two-step verification on: the person proves it is them with their current password
// first, so that a session left open is not enough to put someone else's phone on the account
// (ASVS 7.5.1). A wrong password is said under the field, for another try; too many are said above
// it.
export function CurrentPasswordStep({
  notice,
  onBack,
  onStarted,
  onStatusChanged,
}: {
  // Why the person is here again (the setup they had started has ended).
  notice?: Notice;
  onBack: () => void;
  onStarted: (setup: AccountSetup) => void;
  onStatusChanged: (message: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const introId = useId('turn-on-intro');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<Notice | undefined>(notice);
  const start = useStartTwoFactorChange();
  const busy = start.isPending;

  // Said under the field, which takes the focus again, emptied for another try.
  function refuse(text: string) {
    setError(text);
    input.current?.focus();
  }

  async function submit() {
    if (busy) return;
    // Not trimmed: spaces may be part of a password.
    if (password === '') {
      refuse(texts.enterPassword);
      return;
    }
    setError(null);
    setMessage(undefined);
    try {
      onStarted(await start.mutateAsync({ currentPassword: password }));
    } catch (caught) {
      const failure = accountCodeFailure(caught);
      if (failure.kind === 'passwordRefused') {
        setPassword('');
        refuse(failure.message);
      } else if (failure.kind === 'failed') setMessage({ intent: 'error', text: failure.message });
      // Asked for a code (it was turned on elsewhere meanwhile), or no longer offered: what the
      // dialog showed is out of date.
      else onStatusChanged(failure.message);
    }
  }

  return (
    <TwoFactorFormStep heading={texts.turnOnHeading} notice={message} submit={texts.continue} busy={busy} onSubmit={() => void submit()} onCancel={onBack}>
      <Body1 id={introId}>{texts.turnOnIntro}</Body1>
      <Field label={texts.currentPassword} validationState={error ? 'error' : 'none'} validationMessage={error ?? undefined}>
        {/* The intro is read with the field, where the focus lands, after any error. */}
        <Input
          ref={input}
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          maxLength={MAX_CREDENTIAL_LENGTH}
          value={password}
          onChange={(_, data) => setPassword(data.value)}
          aria-describedby={introId}
          autoFocus
        />
      </Field>
    </TwoFactorFormStep>
  );
}
