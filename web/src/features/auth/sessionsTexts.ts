// The words of Your sessions in the user menu; the spec gives none, so all are ours.
export const sessionsTexts = {
  menuItem: 'Your sessions',
  title: 'Your sessions',
  listLabel: 'Your open sessions',
  loading: 'Loading…',
  loadFailed: 'Your sessions could not be loaded.',
  tryAgain: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  failed: 'Something went wrong. Please try again.',

  thisSession: 'This session',
  signedIn: (when: string, method: string) => `Signed in ${when} with ${method}`,
  lastUsed: (when: string) => `Last used ${when}`,
  from: (address: string) => `From ${address}`,
  justNow: 'just now',
  minutesAgo: (minutes: number) => (minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`),
  // The server's names for how a session was signed in (server auth/sign_in.cpp, two_factor.cpp).
  methods: {
    password: 'a password',
    'two-factor code': 'a two-step code',
    'recovery code': 'a recovery code',
    'two-factor set up': 'two-step setup',
    windows: 'Windows credentials',
  } as Readonly<Record<string, string>>,
  // A cloud directory's sign-in ("azure:<registration id>") whose registration is not known here.
  cloudDirectory: 'Cloud directory',

  end: 'End',
  // Starts with the button's word, so that a person who speaks to the browser can say it (WCAG 2.5.3).
  endLabel: (browser: string, when: string) => `End the session of ${browser}, last used ${when}`,
  ended: (browser: string) => `The session of ${browser} has been ended.`,
  endedAlready: 'That session had ended already.',
  signOut: 'Sign out',
  noOthers: 'No other sessions are open.',

  endOthers: 'End all other sessions',
  endOthersQuestion: 'End all your other sessions? Anyone signed in as you elsewhere will be signed out.',
  endOthersConfirm: 'End them',
  endedOthers: (count: number) =>
    count === 0
      ? 'There were no other sessions to end.'
      : count === 1
        ? 'Ended 1 other session.'
        : `Ended ${count} other sessions.`,
} as const;
