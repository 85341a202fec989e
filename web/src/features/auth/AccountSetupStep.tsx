import { useState } from 'react';

import { accountCodeFailure } from './accountCodeFailure';
import { CodeField } from './CodeField';
import { SetupSecret } from './SetupSecret';
import type { AccountSetup } from './twoFactorAccountApi';
import { useConfirmTwoFactorChange } from './twoFactorAccountMutations';
import { twoFactorAccountTexts as texts } from './twoFactorAccountTexts';
import { TwoFactorFormStep } from './TwoFactorFormStep';
import type { Notice } from './TwoFactorNotice';
import { useCodeEntry } from './useCodeEntry';

// The new secret for the authenticator app (turning it on, or moving to a new phone), and the
// app's first code for it, which proves it was set up right and makes it the person's.
export function AccountSetupStep({
  setup,
  moving,
  onBack,
  onConfirmed,
  onEnded,
  onStatusChanged,
}: {
  setup: AccountSetup;
  moving: boolean;
  onBack: () => void;
  onConfirmed: (recoveryCodes: string[]) => void;
  // The setup token has ended: the step it came from starts again.
  onEnded: (message: string) => void;
  onStatusChanged: (message: string) => void;
}) {
  const entry = useCodeEntry();
  const [message, setMessage] = useState<Notice | undefined>();
  const confirm = useConfirmTwoFactorChange();
  const busy = confirm.isPending;

  async function submit() {
    if (busy) return;
    const code = entry.checked('app');
    if (code === null) return;
    setMessage(undefined);
    try {
      onConfirmed(await confirm.mutateAsync({ setupToken: setup.setupToken, code }));
    } catch (caught) {
      const failure = accountCodeFailure(caught);
      if (failure.kind === 'codeRefused') entry.refuse(failure.message);
      else if (failure.kind === 'setupEnded') onEnded(failure.message);
      else if (failure.kind === 'statusChanged') onStatusChanged(failure.message);
      else setMessage({ intent: 'error', text: failure.message });
    }
  }

  return (
    <TwoFactorFormStep
      heading={moving ? texts.newPhoneHeading : texts.setUpHeading}
      notice={message}
      submit={moving ? texts.verifyAndMove : texts.verifyAndTurnOn}
      busy={busy}
      onSubmit={() => void submit()}
      onCancel={onBack}
    >
      <SetupSecret secret={setup} />
      {/* The focus goes to the one field; its hint says what it wants, and the key is above it. */}
      <CodeField
        kind="app"
        hint={texts.newCodeHint}
        {...entry.field}
        autoFocus
      />
    </TwoFactorFormStep>
  );
}
