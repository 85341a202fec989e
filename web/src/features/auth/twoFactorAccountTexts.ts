// The words of the two-step verification dialog of the user menu; the spec gives none, so all are
// ours.
export const twoFactorAccountTexts = {
  menuItem: 'Two-step verification',
  title: 'Two-step verification',
  loading: 'Loading…',
  loadFailed: 'Your two-step verification could not be loaded.',
  tryAgain: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  notOffered: 'Two-step verification is not offered here.',

  off: 'Two-step verification is off. Turn it on to be asked for a code from an authenticator app after your password.',
  turnOn: 'Turn on',
  onSince: (date: string) => `On since ${date}`,
  on: 'On',
  codesLeft: (count: number) =>
    count === 0 ? 'No recovery codes left' : count === 1 ? '1 recovery code left' : `${count} recovery codes left`,
  fewCodesLeft: 'Make new ones before they run out.',
  required: 'Required for you here',

  moveToNewPhone: 'Move to a new phone',
  moveIntro: 'You will scan a new QR code with the app on your new phone; the old entry stops working.',
  newCodes: 'New recovery codes',
  newCodesIntro: 'Your old recovery codes stop working.',
  makeNewCodes: 'Make new codes',
  turnOff: 'Turn off',
  turnOffHeading: 'Turn off two-step verification',
  turnOffQuestion: 'Turn off two-step verification? You will sign in with your password alone.',
  proveIntro: 'Enter a current code from your app, or a recovery code',
  continue: 'Continue',

  turnOnHeading: 'Turn on two-step verification',
  turnOnIntro: 'Enter your password to confirm it is you. Then you will scan a QR code with an authenticator app on your phone.',
  currentPassword: 'Current password',
  enterPassword: 'Enter your current password.',

  setUpHeading: 'Set up your authenticator app',
  newPhoneHeading: 'Set up the app on your new phone',
  newCodeHint: 'The six digits the app shows for the new entry',
  verifyAndTurnOn: 'Verify and turn on',
  verifyAndMove: 'Verify and move',
  setupEnded: 'The setup took too long and has ended. Please start again: you will get a new key.',

  done: 'Done',
  otherSessionsEnded: 'Your other sessions have been signed out.',
  turnedOff: 'Two-step verification has been turned off. Your other sessions have been signed out.',
  failed: 'Something went wrong. Please try again.',
} as const;
