// The words of the two-factor sign-in pages; the spec gives none, so all are ours.
export const twoFactorTexts = {
  heading: 'Two-step verification',
  codeIntro: 'Enter the six-digit code from your authenticator app.',
  recoveryIntro: 'Enter one of the recovery codes you saved when you set up two-step verification.',
  code: 'Code',
  recoveryCode: 'Recovery code',
  currentCode: 'Current code',
  verify: 'Verify',
  verifying: 'Verifying…',
  useRecoveryCode: 'Use a recovery code instead',
  useAppCode: 'Use a code from the app',
  enterCode: 'Enter the code.',
  enterSixDigits: 'Enter all six digits of the code.',
  codeWrong: 'That code is not right. Please try again.',
  ticketEnded: 'Your sign-in has ended. Please sign in again.',
  backToSignIn: 'Back to sign-in',
  recoveryCodesLeft: (count: number) =>
    count === 0
      ? 'You have no recovery codes left.'
      : count === 1
        ? 'You have 1 recovery code left.'
        : `You have ${count} recovery codes left.`,
  continue: 'Continue',

  setupHeading: 'Set up two-step verification',
  preparing: 'Preparing your key…',
  scan: 'Scan this code with your authenticator app (Microsoft Authenticator, Google Authenticator, FreeOTP, …)',
  qrAlt: 'QR code for setting up two-step verification',
  typeKey: 'Or type this key:',
  account: 'Account',
  issuer: 'Issuer',
  copyKey: 'Copy key',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
  verifyAndTurnOn: 'Verify and turn on',
  setupRestarted:
    'The setup had to start again, with a new key. Remove the old entry from your authenticator app, then scan the new code above.',
  tryAgain: 'Try again',

  saveCodesHeading: 'Save your recovery codes',
  saveCodesIntro: 'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.',
  codesLabel: 'Your recovery codes',
  copyCodes: 'Copy codes',
  downloadCodes: 'Download codes',
  savedCodes: 'I have saved these codes',
  codesFileName: 'dossier-recovery-codes.txt',
} as const;

// What an authenticator app shows: six digits.
export const APP_CODE_LENGTH = 6;
// Longer than any recovery code the server makes, short of what the server refuses as too large.
export const MAX_RECOVERY_CODE_LENGTH = 64;
