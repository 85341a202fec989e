import { Button, Dialog, DialogSurface, makeStyles } from '@fluentui/react-components';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { currentUserQuery } from '../../lib/currentUser';
import { AccountSetupStep } from './AccountSetupStep';
import { CurrentCodeStep } from './CurrentCodeStep';
import { CurrentPasswordStep } from './CurrentPasswordStep';
import { RecoveryCodes } from './RecoveryCodes';
import { twoFactorAccountKeys, twoFactorStatusQuery, type AccountSetup } from './twoFactorAccountApi';
import { useRefreshTwoFactorStatus } from './twoFactorAccountMutations';
import { twoFactorAccountTexts as texts } from './twoFactorAccountTexts';
import { AccountDialogStep, AccountDialogWaiting } from './AccountDialogStep';
import { TwoFactorNotice, type Notice } from './TwoFactorNotice';
import { TwoFactorOverview, type ProvenAction } from './TwoFactorOverview';

const useStyles = makeStyles({
  // Fluent makes it the screen's full width below 480 px.
  surface: { maxWidth: '520px' },
});

type Step =
  | { kind: 'overview'; notice?: Notice }
  // Turning it on: the current password first.
  | { kind: 'password'; notice?: Notice }
  | { kind: 'prove'; action: ProvenAction; notice?: Notice }
  | { kind: 'setup'; setup: AccountSetup; moving: boolean }
  // changed: a new secret was confirmed, which ended the person's other sessions.
  | { kind: 'codes'; codes: string[]; account?: string; issuer?: string; changed: boolean };

const overview: Step = { kind: 'overview' };

function TwoFactorSteps({ step, onStep, onClose }: { step: Step; onStep: (step: Step) => void; onClose: () => void }) {
  // Asked afresh each time the dialog opens: a recovery code may have been spent since.
  const status = useQuery({ ...twoFactorStatusQuery, staleTime: 0 });
  const { data: user } = useQuery(currentUserQuery);
  const refresh = useRefreshTwoFactorStatus();

  // Changed from elsewhere (another tab, an administrator): what the dialog showed is out of date.
  function statusChanged(message: string) {
    void refresh();
    onStep({ kind: 'overview', notice: { intent: 'error', text: message } });
  }

  switch (step.kind) {
    case 'password':
      return (
        <CurrentPasswordStep
          notice={step.notice}
          onBack={() => onStep(overview)}
          onStarted={(setup) => onStep({ kind: 'setup', setup, moving: false })}
          onStatusChanged={statusChanged}
        />
      );
    case 'prove':
      return (
        <CurrentCodeStep
          key={step.action}
          action={step.action}
          notice={step.notice}
          onBack={() => onStep(overview)}
          onStarted={(setup) => onStep({ kind: 'setup', setup, moving: true })}
          onRenewed={(codes) => onStep({ kind: 'codes', codes, account: user?.username, changed: false })}
          onTurnedOff={() => onStep({ kind: 'overview', notice: { intent: 'success', text: texts.turnedOff } })}
          onStatusChanged={statusChanged}
        />
      );
    case 'setup':
      return (
        <AccountSetupStep
          setup={step.setup}
          moving={step.moving}
          onBack={() => onStep(overview)}
          onConfirmed={(codes) =>
            onStep({ kind: 'codes', codes, account: step.setup.account, issuer: step.setup.issuer, changed: true })
          }
          // A new secret needs the proof again: a current code to move, the password to turn on.
          onEnded={(message) => {
            const notice: Notice = { intent: 'warning', text: message };
            onStep(step.moving ? { kind: 'prove', action: 'move', notice } : { kind: 'password', notice });
          }}
          onStatusChanged={statusChanged}
        />
      );
    case 'codes':
      return (
        <AccountDialogStep title={texts.title}>
          <RecoveryCodes
            codes={step.codes}
            account={step.account}
            issuer={step.issuer}
            headingLevel={3}
            continueText={texts.done}
            notice={step.changed ? <TwoFactorNotice notice={{ intent: 'success', text: texts.otherSessionsEnded }} /> : undefined}
            onContinue={() => onStep(overview)}
          />
        </AccountDialogStep>
      );
    case 'overview':
      // What the person has now, below, once it is known.
      break;
  }

  const close = <Button onClick={onClose}>{texts.close}</Button>;
  if (status.data) {
    return (
      <TwoFactorOverview
        status={status.data}
        notice={step.notice}
        onTurnOn={() => onStep({ kind: 'password' })}
        onAction={(action) => onStep({ kind: 'prove', action })}
        onClose={onClose}
      />
    );
  }
  return (
    <AccountDialogWaiting
      title={texts.title}
      failed={status.isError}
      retrying={status.isFetching}
      onRetry={() => void status.refetch()}
      close={close}
      words={texts}
    />
  );
}

// Two-step verification from the user menu: the person's own, turned on, moved to a new phone,
// given new recovery codes, or turned off where it is not required. It cannot be closed while a
// change is on its way, nor while new recovery codes are shown: they are shown this once.
export function TwoFactorSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const [step, setStep] = useState<Step>(overview);
  const changing = useIsMutating({ mutationKey: twoFactorAccountKeys.change }) > 0;
  const locked = changing || step.kind === 'codes';

  function close() {
    setStep(overview);
    onClose();
  }

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && !locked && close()}>
      <DialogSurface className={styles.surface}>{open && <TwoFactorSteps step={step} onStep={setStep} onClose={close} />}</DialogSurface>
    </Dialog>
  );
}
