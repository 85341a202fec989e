import { Badge, Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { Ref } from 'react';

import { formatDateTime } from '../../lib/format';
import type { OpenSession } from './sessionsApi';
import { sessionsTexts as texts } from './sessionsTexts';

const useStyles = makeStyles({
  // The facts take what the button leaves; on a narrow screen the button goes under them.
  card: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  facts: {
    flex: '1 1 200px',
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  heading: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  // A long browser name or an IPv6 address wraps rather than widening the dialog.
  browser: {
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  fact: {
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
  button: {
    flexShrink: 0,
  },
});

// One open session: which browser, how and when it was signed in, when it was last used and from
// where; this one can be signed out of, any other ended.
export function SessionCard({
  session,
  method,
  lastUsed,
  dateFormat,
  ending,
  busy,
  buttonRef,
  autoFocus,
  onEnd,
  onSignOut,
}: {
  session: OpenSession;
  // How it was signed in, worded by the list (which knows the environment's cloud directories).
  method: string;
  // Worded by the list, which the End button's name shares.
  lastUsed: string;
  dateFormat: string;
  ending: boolean;
  busy: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  // The first card's button, as the dialog opens with the list.
  autoFocus: boolean;
  onEnd: () => void;
  onSignOut: () => void;
}) {
  const styles = useStyles();
  return (
    <li className={styles.card}>
      <div className={styles.facts}>
        <div className={styles.heading}>
          {/* The browser's own words, for when the name read from them says too little. */}
          <Text className={styles.browser} title={session.userAgent}>
            {session.browser}
          </Text>
          {session.current && (
            <Badge appearance="tint" color="brand">
              {texts.thisSession}
            </Badge>
          )}
        </div>
        <Text size={200} className={styles.fact}>
          {texts.signedIn(formatDateTime(session.startedAt, dateFormat), method)}
        </Text>
        <Text size={200} className={styles.fact}>
          {texts.lastUsed(lastUsed)}
        </Text>
        {session.clientAddress && (
          <Text size={200} className={styles.fact}>
            {texts.from(session.clientAddress)}
          </Text>
        )}
      </div>
      {session.current ? (
        <Button ref={buttonRef} className={styles.button} disabledFocusable={busy} autoFocus={autoFocus} onClick={onSignOut}>
          {texts.signOut}
        </Button>
      ) : (
        <Button
          ref={buttonRef}
          className={styles.button}
          disabledFocusable={busy}
          autoFocus={autoFocus}
          icon={ending ? <Spinner size="tiny" /> : undefined}
          aria-label={texts.endLabel(session.browser, lastUsed)}
          onClick={onEnd}
        >
          {texts.end}
        </Button>
      )}
    </li>
  );
}
