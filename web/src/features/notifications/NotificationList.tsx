import { Button, Caption1, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

import { formatDateTime } from '../../lib/format';
import type { Notification } from './api';
import { messageIcon, messageTypeWord, useMessageColours } from '../../components/messageLook';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  item: {
    display: 'grid',
    gridTemplateColumns: '20px 1fr',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderLeftWidth: '4px',
    borderLeftStyle: 'solid',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  unread: {
    backgroundColor: tokens.colorNeutralBackground3,
  },
  icon: {
    fontSize: '20px',
    lineHeight: '20px',
    display: 'flex',
  },
  text: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  meta: {
    color: tokens.colorNeutralForeground3,
  },
  empty: {
    padding: tokens.spacingVerticalM,
    color: tokens.colorNeutralForeground3,
  },
});

// A record's number says which record; an export's or schedule's id would say nothing to the person.
function recordIdOf({ entity, entityId }: Notification): string | undefined {
  return entity === 'case' || entity === 'person' ? entityId : undefined;
}

// Spec 2 "Notification banner": each message with an icon and a colour for its type; unread ones
// stand out. Activating one marks it read and opens what it is about.
export function NotificationList({
  items,
  loading,
  hasMore,
  loadingMore,
  onOpen,
  onMore,
}: {
  items: readonly Notification[];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onOpen: (notification: Notification) => void;
  onMore: () => void;
}) {
  const styles = useStyles();
  const colours = useMessageColours();
  if (loading) return <Spinner size="small" label="Loading notifications…" />;
  if (items.length === 0) {
    return (
      <Text as="p" className={styles.empty}>
        No notifications yet. You are told here when someone gives you a role on a record, when a task of yours finishes or
        fails, and when a macro has something to say to you.
      </Text>
    );
  }
  return (
    <>
      <ul className={styles.list} aria-label="Notifications">
        {items.map((notification) => (
          <li
            key={notification.id}
            className={mergeClasses(styles.item, colours[notification.type], !notification.read && styles.unread)}
            tabIndex={0}
            data-notification-type={notification.type}
            aria-label={`${messageTypeWord(notification.type)}${notification.read ? '' : ', unread'}: ${notification.message}`}
            onClick={() => onOpen(notification)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onOpen(notification);
              }
            }}
          >
            <span className={styles.icon} aria-hidden>
              {messageIcon(notification.type)}
            </span>
            <span className={styles.text}>
              <Text weight={notification.read ? 'regular' : 'semibold'}>{notification.message}</Text>
              <Caption1 className={styles.meta}>
                {[formatDateTime(notification.createdAt), recordIdOf(notification)].filter(Boolean).join(' · ')}
              </Caption1>
            </span>
          </li>
        ))}
      </ul>
      {hasMore && (
        <Button appearance="subtle" onClick={onMore} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Show older'}
        </Button>
      )}
    </>
  );
}
