import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';

import { twoFactorTexts as texts } from './twoFactorTexts';

// With this many recovery codes left or fewer, the person is told before going on.
export const FEW_RECOVERY_CODES = 3;

export function fewRecoveryCodesLeft(left: number | undefined): left is number {
  return left !== undefined && left <= FEW_RECOVERY_CODES;
}

// Said in the page, in place of the spent form, rather than in a dialog: Fluent gives the page
// back to screen readers only a moment after a dialog has gone, and a page changed before that
// stays hidden from them.
export function RecoveryCodesLeft({ left, onContinue }: { left: number; onContinue: () => void }) {
  return (
    <>
      <MessageBar intent="warning" role="alert">
        <MessageBarBody>{texts.recoveryCodesLeft(left)}</MessageBarBody>
      </MessageBar>
      <Button appearance="primary" onClick={onContinue} autoFocus>
        {texts.continue}
      </Button>
    </>
  );
}
