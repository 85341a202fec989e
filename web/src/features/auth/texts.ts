// The spec's own words (spec 1 §2, §5, §8). Where the spec gives none, ours are marked.
export const texts = {
  welcome: 'Welcome',
  signIn: 'Sign in',
  signInWithWindows: 'Sign in with Windows Credentials',
  signInWithAzure: (name: string) => `Sign In with ${name}`,
  or: 'Or',
  productVersion: (version: string) => `Product Version: ${version}`,
  noMethods: 'There are no available options to login at this time. Please contact your system administrator.',
  enterBoth: 'Please enter your username and password.',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  signInFailed:
    'Sorry, we could not validate your login. There appears to be an issue on the server. Please try again later or contact us for assistance.',
  // Ours: the spec names a token-expiry message without its words.
  tokenExpired: 'Your session has expired. Please sign in again.',
  // Ours: the button that brings the username and password form back when another method leads.
  useCredentials: 'Sign in with username and password',
  error: 'Error',
  retry: 'Retry',
  // Ours: Windows sign-in answered 401 without a text, which is the browser declining to offer
  // Windows credentials to this site (it answers the server's Negotiate itself when it can).
  windowsNotOffered:
    "Your browser did not offer Windows credentials for this site. Sign in with your username and password, or ask your administrator to add this site to the browser's trusted intranet sites.",
  // Ours: login/success while the server gives the session a cloud directory's sign-in proved.
  completingSignIn: 'Completing your sign-in…',

  // Ours: the bot check (spec 1 §7) of sign-in and change password.
  botCheckGroup: 'Check that you are not a robot',
  botCheckLabel: 'I am not a robot',
  botCheckPreparing: 'Preparing the check that you are not a robot…',
  botCheckWorking: 'Checking that you are not a robot…',
  botCheckDone: 'Checked: you are not a robot.',
  botCheckExpired: 'The check has expired. Check again.',
  botCheckFailed: 'The check that you are not a robot could not be completed. Try again.',
  // When the server asks for the check without a text of its own.
  botCheckAsked: 'Please confirm that you are not a robot, then try again.',
  tryAgain: 'Try again',

  changePasswordHeading: 'You are required to change your password.',
  // Ours: the same screen reached from the home page, not forced.
  changePasswordVoluntary: 'Change your password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  save: 'Save',
  cancel: 'Cancel',
  required: 'Required',
  mismatch: 'New password and confirm password do not match.',
  pageNotAvailable: 'Page Not Available',
  changeFailed:
    'Sorry, your password could not be changed. There appears to be an issue on the server. Please contact us for assistance.',
} as const;

export const MAX_CREDENTIAL_LENGTH = 100;
export const MAX_NEW_PASSWORD_LENGTH = 50;
