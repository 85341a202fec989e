import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useNavigate } from 'react-router';

import { twoFactorTexts as texts } from './twoFactorTexts';

// The sign-in this page was part of is over (the ticket is too old, spent, or had too many wrong
// codes, or the page was opened without one): only the password step can start another.
export function TicketEnded({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <>
      <MessageBar intent="warning" role="alert">
        <MessageBarBody>{message}</MessageBarBody>
      </MessageBar>
      {/* Replacing this page drops the spent ticket from the tab's history. */}
      <Button appearance="primary" onClick={() => navigate('/login', { replace: true })}>
        {texts.backToSignIn}
      </Button>
    </>
  );
}
