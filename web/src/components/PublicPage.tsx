import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { chromeSettingsQuery } from '../lib/settings';
import { useScreenClass } from '../lib/screen';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  },
  small: {
    alignItems: 'flex-start',
    padding: 0,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  card: {
    position: 'relative',
    width: '100%',
    maxWidth: '420px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  cardSmall: {
    maxWidth: 'none',
    borderRadius: 0,
    boxShadow: 'none',
    border: 'none',
  },
});

// The frame of the pages without the shell (login, change password): a card over the
// environment's background image on wide screens (spec 1 §2).
export function PublicPage({ children, label }: { children: ReactNode; label: string }) {
  const styles = useStyles();
  const screen = useScreenClass();
  const { data: chrome } = useQuery(chromeSettingsQuery);
  const background =
    screen === 'large' && chrome?.backgroundImage
      ? { backgroundImage: `url(data:image/png;base64,${chrome.backgroundImage})` }
      : undefined;
  const small = screen === 'small';
  return (
    <main className={mergeClasses(styles.page, small && styles.small)} style={background} aria-label={label}>
      <div className={mergeClasses(styles.card, small && styles.cardSmall)}>{children}</div>
    </main>
  );
}
