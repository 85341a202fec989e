import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  makeStyles,
} from '@fluentui/react-components';
import {
  DarkThemeRegular,
  DesktopRegular,
  InfoRegular,
  PersonRegular,
  QuestionCircleRegular,
  ShieldKeyholeRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { SessionsDialog } from '../../features/auth/SessionsDialog';
import { sessionsTexts } from '../../features/auth/sessionsTexts';
import { TwoFactorSettingsDialog } from '../../features/auth/TwoFactorSettingsDialog';
import { twoFactorAccountTexts } from '../../features/auth/twoFactorAccountTexts';
import { useTwoFactorOffered } from '../../features/auth/useTwoFactorOffered';
import { currentUserQuery, saveHighContrast } from '../../lib/currentUser';
import { chromeSettingsQuery } from '../../lib/settings';
import { isChildView } from '../../lib/childView';
import { setHighContrast, useHighContrast } from '../../lib/theme';
import { AboutDialog } from './AboutDialog';
import { openInNewTab } from '../../lib/navigation';

// The user menu of the top bar (spec 1 §2).
const useStyles = makeStyles({
  // The name on one line: a long one is cut rather than doubling the top bar's height.
  button: {
    whiteSpace: 'nowrap',
    maxWidth: '220px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    flexShrink: 0,
  },
});

export function UserMenu({ compact }: { compact: boolean }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery);
  const { data: chrome } = useQuery(chromeSettingsQuery);
  const highContrast = useHighContrast();
  const [aboutOpen, setAboutOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  // Asked when the menu first opens, not with every page; a child view has no account items.
  const [menuOpened, setMenuOpened] = useState(false);
  const twoFactorOffered = useTwoFactorOffered(menuOpened && !isChildView());
  const displayName = user?.displayName ?? '';
  // One way of signing out, whether from Log Out or from this session in Your sessions.
  const logOut = () => navigate('/logout');

  const toggleHighContrast = (on: boolean) => {
    setHighContrast(on);
    saveHighContrast(on)
      .then((saved) => queryClient.setQueryData(currentUserQuery.queryKey, saved))
      .catch(() => {
        // Kept in this browser even when the server could not store it.
      });
  };

  return (
    <>
      <Menu
        checkedValues={{ display: highContrast ? ['highContrast'] : [] }}
        onCheckedValueChange={(_, data) => toggleHighContrast(data.checkedItems.includes('highContrast'))}
        onOpenChange={(_, data) => data.open && setMenuOpened(true)}
      >
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            className={styles.button}
            icon={<Avatar name={displayName} size={24} color="colorful" aria-hidden />}
            // The name starts with the words on the button, so that a person who speaks to the
            // browser can say what they see (WCAG 2.5.3).
            aria-label={`${displayName}, user menu`}
          >
            {compact ? null : displayName}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader>{displayName}</MenuGroupHeader>
              {user?.personId != null ? (
                <MenuItem icon={<PersonRegular />} onClick={() => openInNewTab(`/person/${user.personId}`)}>
                  Profile
                </MenuItem>
              ) : (
                // Disabled items stay focusable in Fluent's menus, so the reason can be read.
                <Tooltip content="Your account is not linked to a person record. An administrator can link it." relationship="description">
                  <MenuItem icon={<PersonRegular />} disabled>
                    Profile
                  </MenuItem>
                </Tooltip>
              )}
              <MenuItem icon={<InfoRegular />} onClick={() => setAboutOpen(true)}>
                About
              </MenuItem>
              {chrome?.helpFile && (
                <MenuItem icon={<QuestionCircleRegular />} onClick={() => window.open(chrome.helpFile, '_blank', 'noopener')}>
                  Help
                </MenuItem>
              )}
              <MenuItemCheckbox name="display" value="highContrast" icon={<DarkThemeRegular />} persistOnClick>
                High contrast
              </MenuItemCheckbox>
            </MenuGroup>
            {!isChildView() && (
              <>
                <MenuDivider />
                {twoFactorOffered && (
                  <MenuItem icon={<ShieldKeyholeRegular />} onClick={() => setTwoFactorOpen(true)}>
                    {twoFactorAccountTexts.menuItem}
                  </MenuItem>
                )}
                <MenuItem icon={<DesktopRegular />} onClick={() => setSessionsOpen(true)}>
                  {sessionsTexts.menuItem}
                </MenuItem>
                <MenuItem icon={<SignOutRegular />} onClick={logOut}>
                  Log Out
                </MenuItem>
              </>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
      <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
      <TwoFactorSettingsDialog open={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />
      <SessionsDialog open={sessionsOpen} onClose={() => setSessionsOpen(false)} onSignOut={logOut} />
    </>
  );
}
