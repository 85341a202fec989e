import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Loading } from '../../components/LoadingMask';
import { PublicPage } from '../../components/PublicPage';
import { ApiError } from '../../lib/api';
import { RecoveryCodes } from './RecoveryCodes';
import { setupStartEnded } from './secondFactorFailure';
import { SetupConfirmForm } from './SetupConfirmForm';
import { SetupSecret } from './SetupSecret';
import { failureText } from './signInOutcome';
import { texts } from './texts';
import { TicketEnded } from './TicketEnded';
import { startTwoFactorSetup } from './twoFactorApi';
import { TwoFactorHeading } from './TwoFactorHeading';
import { twoFactorTexts } from './twoFactorTexts';
import { useTwoFactorTicket } from './twoFactorTicket';
import { useCompleteSignIn } from './useCompleteSignIn';

// Setting the second factor up during a sign-in that needs it (/2fasetup): the key for the
// authenticator app, its first code, then the recovery codes, before the sign-in goes on.
export function TwoFactorSetupPage() {
  const ticket = useTwoFactorTicket();
  const completeSignIn = useCompleteSignIn();
  const [ended, setEnded] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<{ token: string; recoveryCodes: string[] } | null>(null);
  // The server gives the same key for the same ticket, so asking twice (a remount) is harmless;
  // the key is forgotten with the page.
  const secret = useQuery({
    queryKey: ['2fasetup', ticket],
    queryFn: () => startTwoFactorSetup(ticket ?? ''),
    enabled: ticket !== null,
    staleTime: Infinity,
    gcTime: 0,
  });

  function setUp(token: string, recoveryCodes: string[]) {
    if (recoveryCodes.length > 0) setConfirmed({ token, recoveryCodes });
    else completeSignIn(token);
  }

  if (confirmed) {
    return (
      <PublicPage label={twoFactorTexts.saveCodesHeading}>
        <RecoveryCodes
          codes={confirmed.recoveryCodes}
          account={secret.data?.account}
          issuer={secret.data?.issuer}
          onContinue={() => completeSignIn(confirmed.token)}
        />
      </PublicPage>
    );
  }

  const endedMessage = ticket === null ? twoFactorTexts.ticketEnded : (ended ?? setupStartEnded(secret.error));
  return (
    <PublicPage label={twoFactorTexts.setupHeading}>
      <TwoFactorHeading>{twoFactorTexts.setupHeading}</TwoFactorHeading>
      {endedMessage !== null || ticket === null ? (
        <TicketEnded message={endedMessage ?? twoFactorTexts.ticketEnded} />
      ) : secret.isError ? (
        <>
          <MessageBar intent="error" role="alert">
            <MessageBarBody>
              {failureText(secret.error instanceof ApiError ? secret.error.serverText : null, texts.signInFailed)}
            </MessageBarBody>
          </MessageBar>
          <Button appearance="primary" onClick={() => void secret.refetch()}>
            {twoFactorTexts.tryAgain}
          </Button>
        </>
      ) : secret.data ? (
        <>
          <SetupSecret secret={secret.data} />
          <SetupConfirmForm ticket={ticket} onConfirmed={setUp} onEnded={setEnded} onRestart={() => void secret.refetch()} />
        </>
      ) : (
        <Loading label={twoFactorTexts.preparing} />
      )}
    </PublicPage>
  );
}
