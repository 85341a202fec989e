// The recovery codes as the downloaded file holds them: what they are, for whom, then one a line,
// so that the file still explains itself when it is found again a year later.
export function recoveryCodesFileText(codes: string[], account: string | undefined, issuer: string | undefined): string {
  const whose = [account, issuer && `(${issuer})`].filter(Boolean).join(' ');
  return [
    `Recovery codes for two-step verification${whose ? `: ${whose}` : ''}`,
    'Each code signs you in once, in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

// The codes alone, one a line, for pasting into a password manager.
export function recoveryCodesClipboardText(codes: string[]): string {
  return codes.join('\n');
}
