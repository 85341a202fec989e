import { useState } from 'react';

import { PublicPage } from '../../components/PublicPage';
import { RecoveryCodesLeft, fewRecoveryCodesLeft } from './RecoveryCodesLeft';
import { SecondFactorForm } from './SecondFactorForm';
import { TicketEnded } from './TicketEnded';
import { TwoFactorHeading } from './TwoFactorHeading';
import { twoFactorTexts as texts } from './twoFactorTexts';
import { useTwoFactorTicket } from './twoFactorTicket';
import { useCompleteSignIn } from './useCompleteSignIn';

// The second step of signing in (/2fa), after the password: a code from the person's
// authenticator app, or one of their recovery codes.
export function TwoFactorCodePage() {
  const ticket = useTwoFactorTicket();
  const completeSignIn = useCompleteSignIn();
  const [ended, setEnded] = useState<string | null>(null);
  const [fewCodesLeft, setFewCodesLeft] = useState<{ token: string; left: number } | null>(null);

  function signedIn(token: string, recoveryCodesLeft: number | undefined) {
    if (fewRecoveryCodesLeft(recoveryCodesLeft)) setFewCodesLeft({ token, left: recoveryCodesLeft });
    else completeSignIn(token);
  }

  return (
    <PublicPage label={texts.heading}>
      <TwoFactorHeading>{texts.heading}</TwoFactorHeading>
      {ticket === null || ended !== null ? (
        <TicketEnded message={ended ?? texts.ticketEnded} />
      ) : fewCodesLeft ? (
        <RecoveryCodesLeft left={fewCodesLeft.left} onContinue={() => completeSignIn(fewCodesLeft.token)} />
      ) : (
        <SecondFactorForm ticket={ticket} onSignedIn={signedIn} onEnded={setEnded} />
      )}
    </PublicPage>
  );
}
