import {
  Body1,
  Button,
  Card,
  CardHeader,
  Input,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { menuIcon } from '../../components/menuIcons';
import { isExternal, isReportsItem, openInNewTab } from '../../lib/navigation';
import { currentUserQuery } from '../../lib/currentUser';
import { chromeSettingsQuery, menuQuery } from '../../lib/settings';
import { AccountCard } from './AccountCard';
import { CreateCard } from './CreateCard';
import { RecentList } from './RecentList';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
    maxWidth: '1100px',
  },
  intro: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  heading: {
    margin: 0,
  },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  search: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
  grow: {
    flexGrow: 1,
    minWidth: 0,
  },
  links: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  muted: {
    color: tokens.colorNeutralForeground3,
  },
});

function greeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

// Home: where a signed-in person starts — find a record, go where the menu goes, and look after
// their own account.
export function HomePage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { data: user } = useQuery(currentUserQuery);
  const { data: chrome } = useQuery(chromeSettingsQuery);
  const { data: menu } = useQuery(menuQuery);
  const [text, setText] = useState('');

  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    navigate(trimmed ? `/search/All/${encodeURIComponent(trimmed)}` : '/search');
  };

  const places = (menu ?? []).filter((item) => !item.disabled && item.path && item.path.toLowerCase() !== '/home');

  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <Title2 as="h1" className={styles.heading}>
          {greeting(new Date())}
          {user ? `, ${user.displayName}` : ''}
        </Title2>
        {chrome && <Body1 className={styles.muted}>{chrome.environmentName}</Body1>}
      </div>

      <div className={styles.cards}>
        <Card>
          <CardHeader header={<Text weight="semibold" as="h2">Find a case, person or document</Text>} />
          <form className={styles.search} onSubmit={search} role="search" aria-label="Search from the home page">
            <Input
              className={styles.grow}
              aria-label="Search for"
              placeholder="Name, case number, words…"
              value={text}
              onChange={(_, data) => setText(data.value)}
              contentBefore={<SearchRegular aria-hidden />}
            />
            <Button type="submit" appearance="primary">
              Search
            </Button>
          </form>
        </Card>

        <CreateCard />

        <Card>
          <CardHeader header={<Text weight="semibold" as="h2">Recently opened</Text>} />
          <RecentList />
        </Card>

        {places.length > 0 && (
          <Card>
            <CardHeader header={<Text weight="semibold" as="h2">Go to</Text>} />
            <ul className={styles.links}>
              {places.map((item) => (
                <li key={item.id}>
                  <Button
                    appearance="transparent"
                    icon={menuIcon(item.iconClass)}
                    onClick={() => (isReportsItem(item) || isExternal(item.path) ? openInNewTab(item.path) : navigate(item.path))}
                  >
                    {item.name}
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        )}

        <AccountCard />
      </div>
    </div>
  );
}
