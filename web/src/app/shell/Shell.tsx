import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';

import { HeaderAlerts, PassingAlerts } from '../../components/HeaderAlerts';
import { currentUserQuery } from '../../lib/currentUser';
import { isChildView } from '../../lib/childView';
import { useHubConnection } from '../../lib/hub';
import { useToken } from '../../lib/session';
import { closeInformationBarAtOnce } from '../../lib/informationBar';
import { useScreenClass, useWindowWidth } from '../../lib/screen';
import { barWidth, menuPlacement, useBarOpen } from '../../lib/shellColumns';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { setHighContrast } from '../../lib/theme';
import { Breadcrumbs } from './Breadcrumbs';
import { InformationBar } from './InformationBar';
import { InformationOverlay } from './InformationOverlay';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

const useStyles = makeStyles({
  app: {
    display: 'flex',
    flexDirection: 'column',
    height: '100vh',
    // Nothing scrolls the shell sideways, not even a panel sliding in: its columns stay put.
    overflowX: 'clip',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  skip: {
    position: 'absolute',
    left: '-10000px',
    ':focus': {
      left: tokens.spacingHorizontalM,
      top: tokens.spacingVerticalS,
      zIndex: 100,
      padding: tokens.spacingHorizontalS,
      backgroundColor: tokens.colorNeutralBackground1,
    },
  },
  alerts: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM} 0`,
  },
  body: {
    display: 'flex',
    flexGrow: 1,
    minHeight: 0,
  },
  // The page's column, between the menu and the information bar: what floats over the page (passing
  // alerts) stays inside it, clear of both.
  column: {
    position: 'relative',
    display: 'flex',
    flexGrow: 1,
    minWidth: 0,
  },
  main: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  toasts: {
    position: 'absolute',
  },
});

// The person's stored high-contrast choice wins once per sign-in (spec 1 §3).
function useServerThemeOnce() {
  const { data: user } = useQuery(currentUserQuery);
  useEffect(() => {
    if (user && sessionStore.get(SessionKeys.themeSynced) !== 'true') {
      sessionStore.set(SessionKeys.themeSynced, 'true');
      setHighContrast(user.highContrast);
    }
  }, [user]);
}

// The frame of every signed-in page: top bar, alert area, side menu, breadcrumb, the page, and the
// information bar (spec 1 §2).
export function Shell() {
  const styles = useStyles();
  const screen = useScreenClass();
  const width = useWindowWidth();
  const location = useLocation();
  const barOpen = useBarOpen();
  // Large screens always show the menu beside the page; medium screens when the burger asks; small
  // screens as a drawer over the page — as do the others while the information bar needs the room.
  const placement = menuPlacement(screen, width, barOpen);
  const [mediumOpen, setMediumOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const beside = placement === 'beside';
  const menuOpen = beside ? screen === 'large' || mediumOpen : drawerOpen;
  const setMenuOpen = (open: boolean) => (beside ? setMediumOpen(open) : setDrawerOpen(open));
  useServerThemeOnce();
  // The realtime hub, while someone is signed in.
  useHubConnection(useToken());

  // Navigation closes the information bar — before the new screen's effects run, so that a screen
  // that opens a panel as it is shown (a role screen's parent preview) keeps it.
  useLayoutEffect(() => {
    closeInformationBarAtOnce();
  }, [location.pathname]);

  return (
    <div className={styles.app}>
      <Link className={styles.skip} href="#main">
        Skip to the page
      </Link>
      <TopBar
        screen={screen}
        burger={!(beside && screen === 'large')}
        menuOpen={menuOpen}
        onToggleMenu={() => setMenuOpen(!menuOpen)}
      />
      <HeaderAlerts className={styles.alerts} passing={false} />
      <div className={styles.body}>
        {!isChildView() && (
          <SideMenu
            open={menuOpen}
            type={beside ? 'inline' : 'overlay'}
            onOpenChange={setMenuOpen}
            onNavigate={() => setDrawerOpen(false)}
          />
        )}
        <div className={styles.column}>
          <main id="main" className={styles.main} tabIndex={-1}>
            <Breadcrumbs />
            <Outlet />
          </main>
          <PassingAlerts className={styles.toasts} />
        </div>
        <InformationBar overlay={screen === 'small'} width={barWidth(width)} />
        <InformationOverlay />
      </div>
      <UnsavedChangesGuard />
    </div>
  );
}
