import {
  NavCategory,
  NavCategoryItem,
  NavDrawer,
  NavDrawerBody,
  NavItem,
  NavSubItem,
  NavSubItemGroup,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { reportingDisabled } from '../../lib/api';
import { menuQuery } from '../../lib/settings';
import { useStore } from '../../lib/store';
import type { MenuItem } from '../../lib/api/types';
import { appHref } from '../../lib/environment';
import { menuIcon } from '../../components/menuIcons';
import { isExternal, isReportsItem, openInNewTab } from '../../lib/navigation';

const useStyles = makeStyles({
  // The shell's columns never move: the menu keeps its width whatever the page holds (a wide
  // history table once squeezed it to nothing).
  drawer: {
    height: '100%',
    width: '260px',
    minWidth: '260px',
    flexShrink: 0,
  },
  newTab: {
    marginLeft: tokens.spacingHorizontalXS,
    verticalAlign: 'middle',
  },
  message: {
    padding: tokens.spacingHorizontalM,
  },
});

function selectedItem(items: MenuItem[], pathname: string): string | undefined {
  const path = pathname.toLowerCase();
  return items.find((item) => item.path && !isExternal(item.path) && (path === item.path.toLowerCase() || path.startsWith(`${item.path.toLowerCase()}/`)))?.id;
}

// The side menu from the server (spec 1 §2): items navigate, sub-items and Reports open in a new
// tab, disabled items are shown but do nothing.
export function SideMenu({
  open,
  type,
  onOpenChange,
  onNavigate,
}: {
  open: boolean;
  type: 'inline' | 'overlay';
  onOpenChange: (open: boolean) => void;
  onNavigate: () => void;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const menu = useQuery(menuQuery);
  const reportingOff = useStore(reportingDisabled);
  // Reporting switched off quietly (spec 1 §4) leaves its item shown but doing nothing.
  const items = (menu.data ?? []).map((item) => (reportingOff && isReportsItem(item) ? { ...item, disabled: true } : item));

  const follow = (event: MouseEvent, item: MenuItem) => {
    event.preventDefault();
    if (item.disabled) return;
    if (isReportsItem(item) || isExternal(item.path)) {
      openInNewTab(isReportsItem(item) && !isExternal(item.path) ? '/reports' : item.path);
    } else {
      navigate(item.path);
    }
    onNavigate();
  };

  return (
    <NavDrawer
      className={styles.drawer}
      open={open}
      type={type}
      // The menu beside the page never slides: the shell's columns stay put as pages load. Only
      // the small screen's drawer over the page moves in.
      surfaceMotion={type === 'inline' ? null : undefined}
      selectedValue={selectedItem(items, location.pathname) ?? ''}
      onOpenChange={(_, data) => onOpenChange(data.open)}
      aria-label="Main menu"
    >
      <NavDrawerBody>
        {menu.isPending && <Spinner size="tiny" label="Loading the menu…" className={styles.message} />}
        {menu.isError && <Text className={styles.message}>The menu could not be loaded.</Text>}
        {items.map((item) =>
          item.subMenuItems.length > 0 ? (
            <NavCategory key={item.id} value={item.id}>
              <NavCategoryItem icon={menuIcon(item.iconClass)} disabled={item.disabled}>
                {item.name}
              </NavCategoryItem>
              <NavSubItemGroup>
                {item.subMenuItems.map((sub) => (
                  <NavSubItem
                    key={`${item.id}:${sub.path}`}
                    value={`${item.id}:${sub.path}`}
                    href={isExternal(sub.path) ? sub.path : appHref(sub.path)}
                    target="_blank"
                    rel="noopener"
                    onClick={(event: MouseEvent) => {
                      event.preventDefault();
                      openInNewTab(sub.path);
                      onNavigate();
                    }}
                  >
                    {sub.name}
                    <OpenRegular className={styles.newTab} aria-label="(opens in a new tab)" />
                  </NavSubItem>
                ))}
              </NavSubItemGroup>
            </NavCategory>
          ) : (
            <NavItem
              key={item.id}
              value={item.id}
              icon={menuIcon(item.iconClass)}
              href={isExternal(item.path) ? item.path : appHref(item.path)}
              disabled={item.disabled}
              aria-disabled={item.disabled || undefined}
              onClick={(event: MouseEvent) => follow(event, item)}
            >
              {item.name}
              {(isReportsItem(item) || isExternal(item.path)) && (
                <OpenRegular className={styles.newTab} aria-label="(opens in a new tab)" />
              )}
            </NavItem>
          ),
        )}
      </NavDrawerBody>
    </NavDrawer>
  );
}
