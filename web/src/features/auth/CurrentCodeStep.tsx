import { Body1 } from '@fluentui/react-components';
import { useState } from 'react';

import { accountCodeFailure } from './accountCodeFailure';
import { CodeField } from './CodeField';
import type { AccountSetup } from './twoFactorAccountApi';
import { useRenewRecoveryCodes, useStartTwoFactorChange, useTurnTwoFactorOff } from './twoFactorAccountMutations';
import { twoFactorAccountTexts as texts } from './twoFactorAccountTexts';
import { TwoFactorFormStep } from './TwoFactorFormStep';
import type { Notice } from './TwoFactorNotice';
import type { ProvenAction } from './TwoFactorOverview';
import { useCodeEntry } from './useCodeEntry';

const words: Record<ProvenAction, { heading: string; intro: string; submit: string }> = {
  move: { heading: texts.moveToNewPhone, intro: texts.moveIntro, submit: texts.continue },
  codes: { heading: texts.newCodes, intro: texts.newCodesIntro, submit: texts.makeNewCodes },
  off: { heading: texts.turnOffHeading, intro: texts.turnOffQuestion, submit: texts.turnOff },
};

// A change that the person proves first with a current code from their app, or a recovery code:
// moving to a new phone, new recovery codes, or turning it off. A wrong code is said under the
// field, for another try; too many are said above it.
export function CurrentCodeStep({
  action,
  notice,
  onBack,
  onStarted,
  onRenewed,
  onTurnedOff,
  onStatusChanged,
}: {
  action: ProvenAction;
  // Why the person is here again (the setup they had started has ended).
  notice?: Notice;
  onBack: () => void;
  onStarted: (setup: AccountSetup) => void;
  onRenewed: (codes: string[]) => void;
  onTurnedOff: () => void;
  onStatusChanged: (message: string) => void;
}) {
  const entry = useCodeEntry();
  const [message, setMessage] = useState<Notice | undefined>(notice);
  const start = useStartTwoFactorChange();
  const renew = useRenewRecoveryCodes();
  const off = useTurnTwoFactorOff();
  const busy = start.isPending || renew.isPending || off.isPending;
  const said = words[action];

  async function submit() {
    if (busy) return;
    const code = entry.checked('current');
    if (code === null) return;
    setMessage(undefined);
    try {
      if (action === 'move') onStarted(await start.mutateAsync({ code }));
      else if (action === 'codes') onRenewed(await renew.mutateAsync(code));
      else {
        await off.mutateAsync(code);
        onTurnedOff();
      }
    } catch (caught) {
      const failure = accountCodeFailure(caught);
      if (failure.kind === 'codeRefused') entry.refuse(failure.message);
      else if (failure.kind === 'statusChanged') onStatusChanged(failure.message);
      else setMessage({ intent: 'error', text: failure.message });
    }
  }

  return (
    <TwoFactorFormStep heading={said.heading} notice={message} submit={said.submit} busy={busy} onSubmit={() => void submit()} onCancel={onBack}>
      <Body1>{said.intro}</Body1>
      {/* As the field's hint, the request is read with the field, where the focus lands. */}
      <CodeField
        kind="current"
        hint={texts.proveIntro}
        {...entry.field}
        autoFocus
      />
    </TwoFactorFormStep>
  );
}
