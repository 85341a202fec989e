import {
  Button,
  CounterBadge,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { showAlert } from '../../lib/alerts';
import { hub } from '../../lib/hub';
import { recordPath } from '../../lib/records';
import { markAllNotificationsRead, markNotificationRead, notificationKeys, notificationsQuery, type Notification } from './api';
import { NotificationList } from './NotificationList';

const useStyles = makeStyles({
  bell: {
    position: 'relative',
    display: 'inline-flex',
  },
  badge: {
    position: 'absolute',
    top: '-4px',
    right: '-8px',
    pointerEvents: 'none',
  },
  surface: {
    width: 'min(380px, calc(100vw - 24px))',
    maxHeight: 'min(520px, calc(100vh - 80px))',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
});

// The bell of the top bar: how many notifications are unread, and the list of them. A new one
// arrives over the realtime hub; one about what someone else did is also shown for a moment in the
// alert area.
export function NotificationsButton() {
  const styles = useStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const query = useInfiniteQuery(notificationsQuery);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;

  useEffect(
    () =>
      hub.on('notification', ({ notification }) => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        // What the person's own macros and tasks say is on their screen already; what others did
        // (a role given to them) is shown for a moment too.
        if (notification.source !== 'role') return;
        showAlert({
          reference: `notification-${notification.id}`,
          type: notification.type,
          message: notification.message,
          durationInSeconds: 8,
        });
      }),
    [queryClient],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const openOne = (notification: Notification) => {
    setOpen(false);
    if (!notification.read) void markNotificationRead(notification.id).then(refresh, () => undefined);
    if (notification.entity && notification.entityId) navigate(recordPath(notification.entity, notification.entityId));
  };
  const markAll = () => {
    void markAllNotificationsRead().then(refresh, () => undefined);
  };

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover open={open} onOpenChange={(_, data) => setOpen(data.open)} positioning="below-end" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={label} relationship="label">
          <Button
            appearance="subtle"
            aria-label={label}
            icon={
              <span className={styles.bell}>
                <AlertRegular />
                {unread > 0 && <CounterBadge className={styles.badge} count={unread} overflowCount={99} size="small" color="danger" aria-hidden />}
              </span>
            }
          />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label="Notifications">
        <div className={styles.head}>
          <Text weight="semibold" size={400}>
            Notifications
          </Text>
          {unread > 0 && (
            <Button appearance="subtle" size="small" onClick={markAll}>
              Mark all read
            </Button>
          )}
        </div>
        <NotificationList
          items={items}
          loading={query.isPending}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onOpen={openOne}
          onMore={() => void query.fetchNextPage()}
        />
      </PopoverSurface>
    </Popover>
  );
}
