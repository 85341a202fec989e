import { Hamburger, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useMatches } from 'react-router';

import { chromeSettingsQuery } from '../../lib/settings';
import { isChildView } from '../../lib/childView';
import type { ScreenClass } from '../../lib/screen';
import { NotificationsButton } from '../../features/notifications/NotificationsButton';
import { TopSearch } from './TopSearch';
import { UserMenu } from './UserMenu';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '48px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  logo: {
    display: 'block',
    maxHeight: '32px',
    maxWidth: '160px',
    objectFit: 'contain',
  },
  name: {
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  spacer: {
    flexGrow: 1,
  },
});

// Routes that hide the top bar's search box (spec 1 §2): the search view itself.
function useOnSearchView(): boolean {
  return useMatches().some((match) => (match.handle as { searchView?: boolean } | undefined)?.searchView === true);
}

// Burger (small and medium screens, and wherever the menu waits behind it), logo (wide screens),
// search box, user menu (spec 1 §2).
export function TopBar({
  screen,
  burger,
  menuOpen,
  onToggleMenu,
}: {
  screen: ScreenClass;
  burger: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
}) {
  const styles = useStyles();
  const { data: chrome } = useQuery(chromeSettingsQuery);
  const onSearchView = useOnSearchView();
  const showSearch = screen !== 'small' && !isChildView() && !onSearchView;
  return (
    <header className={styles.bar}>
      {burger && !isChildView() && (
        <Hamburger onClick={onToggleMenu} aria-expanded={menuOpen} aria-label={menuOpen ? 'Close the menu' : 'Open the menu'} />
      )}
      {screen === 'large' && chrome?.logoImage ? (
        <img className={styles.logo} src={`data:image/png;base64,${chrome.logoImage}`} alt={chrome.logoDescription || chrome.environmentName} />
      ) : (
        <Text weight="semibold" className={styles.name}>
          {chrome?.environmentName ?? 'Dossier'}
        </Text>
      )}
      <div className={styles.spacer} />
      {showSearch && <TopSearch />}
      {!isChildView() && <NotificationsButton />}
      <UserMenu compact={screen === 'small'} />
    </header>
  );
}
