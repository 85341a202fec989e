import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { markAllNotificationsRead, markNotificationRead, notificationKeys, notificationsQuery, type Notification } from './api';
import { NotificationList } from './NotificationList';
import { notificationPath } from './notificationPath';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  head: {
    display: 'flex',
    justifyContent: 'flex-end',
  },
});

// The information bar's notification panel (spec 1 §2, spec 2 "Notification banner"): the person's
// notifications, newest first, each in its type's colour. Activating one marks it read and opens
// what it is about: a record, or an export or schedule in the reports area (in this tab).
export function NotificationsPanel() {
  const styles = useStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(notificationsQuery);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const openOne = (notification: Notification) => {
    if (!notification.read) void markNotificationRead(notification.id).then(refresh, () => undefined);
    const path = notificationPath(notification);
    if (path) navigate(path);
  };
  const markAll = () => {
    void markAllNotificationsRead().then(refresh, () => undefined);
  };

  return (
    <div className={styles.panel}>
      {unread > 0 && (
        <div className={styles.head}>
          <Button appearance="subtle" size="small" onClick={markAll}>
            Mark all read
          </Button>
        </div>
      )}
      <NotificationList
        items={items}
        loading={query.isPending}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onOpen={openOne}
        onMore={() => void query.fetchNextPage()}
      />
    </div>
  );
}
