import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { BriefcaseRegular, PersonRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../../components/AppLink';
import type { RecentRecord } from '../../lib/api/types';
import { formatDateTime, useDateFormat } from '../../lib/format';
import { recordPath } from '../../lib/records';
import { recentQuery } from './api';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  // An icon, then the record's name over what it is: left-aligned rows, however long the names.
  item: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'start',
  },
  icon: {
    fontSize: '20px',
    marginTop: '1px',
    color: tokens.colorBrandForeground1,
  },
  text: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  muted: {
    color: tokens.colorNeutralForeground3,
  },
});

// "Complaint CMP-2026-00042 · Open", "Individual · obsolete".
function describe(item: RecentRecord): string {
  const parts = [item.entity === 'Case' ? `${item.typeName} ${item.entityIdentifier}` : item.typeName];
  if (item.statusName) parts.push(item.statusName);
  if (item.obsolete) parts.push('obsolete');
  return parts.join(' · ');
}

// The records the person opened last that they may still see, newest first.
export function RecentList() {
  const styles = useStyles();
  const format = useDateFormat();
  const recent = useQuery(recentQuery);
  if (recent.isError) return <Body1 className={styles.muted}>{recent.error.message}</Body1>;
  if (!recent.data) return null;
  if (recent.data.length === 0) return <Body1 className={styles.muted}>Cases and people you open will be listed here.</Body1>;
  return (
    <ul className={styles.list} aria-label="Recently opened">
      {recent.data.map((item) => {
        const Icon = item.entity === 'Case' ? BriefcaseRegular : PersonRegular;
        return (
          <li key={`${item.entity}:${item.entityIdentifier}`} className={styles.item}>
            <Icon className={styles.icon} aria-hidden />
            <span className={styles.text}>
              <AppLink to={recordPath(item.entity === 'Case' ? 'case' : 'person', item.entityIdentifier)}>{item.displayName}</AppLink>
              <Caption1 className={styles.muted}>{describe(item)}</Caption1>
              <Caption1 className={styles.muted}>Opened {formatDateTime(item.openedAt, format)}</Caption1>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
