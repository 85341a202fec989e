import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';

import { ApiError } from '../lib/api';
import { chromeSettingsQuery } from '../lib/settings';

const useStyles = makeStyles({
  reference: {
    display: 'block',
    marginTop: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground3,
    fontFamily: tokens.fontFamilyMonospace,
    userSelect: 'all',
  },
});

// What support needs to find an error in the server's log: its correlation id (written in every
// log line of the request), the error's code and the HTTP status.
export function errorReference(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.correlationId) return null;
  return `Reference ${error.correlationId} · ${error.code} · HTTP ${error.status}`;
}

// Under an error's message, where the environment says application messages are verbose
// (chrome settings' isApplicationMessagesVerbose, `verboseMessages` in environment.yaml): the
// error's reference. Otherwise nothing: the message alone, which is written for the person.
export function ErrorReference({ error }: { error: unknown }) {
  const styles = useStyles();
  // Read from what is loaded, never fetched from here: this is shown under the very error of
  // failing to load the settings, and asking again would replace that error with a spinner, for ever.
  const { data: chrome } = useQuery({ ...chromeSettingsQuery, enabled: false });
  const reference = errorReference(error);
  if (!chrome?.isApplicationMessagesVerbose || !reference) return null;
  return <Caption1 className={styles.reference}>{reference}</Caption1>;
}
