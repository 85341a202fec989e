import { Button, CounterBadge, Tooltip, makeStyles } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { showAlert } from '../../lib/alerts';
import { hub } from '../../lib/hub';
import { informationBar, removePanel, showPanel } from '../../lib/informationBar';
import { useStore } from '../../lib/store';
import { notificationKeys, notificationsQuery } from './api';
import { NotificationsPanel } from './NotificationsPanel';

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
});

// Opens the notification panel of the information bar, after the panels already there.
export function showNotifications(): void {
  showPanel('notification', { title: 'Notifications', content: <NotificationsPanel /> });
}

// The bell of the top bar: how many notifications are unread; it opens and closes the information
// bar's notification panel, which lists them. A new one arrives over the realtime hub; one about
// what someone else did is also shown for a moment as a passing alert.
export function NotificationsButton() {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(notificationsQuery);
  const unread = query.data?.pages[0]?.unread ?? 0;
  const bar = useStore(informationBar);
  const shown = bar.open && !!bar.panels.notification;

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

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance={shown ? 'secondary' : 'subtle'}
        aria-label={label}
        aria-expanded={shown}
        onClick={() => (shown ? removePanel('notification') : showNotifications())}
        icon={
          <span className={styles.bell}>
            <AlertRegular />
            {unread > 0 && <CounterBadge className={styles.badge} count={unread} overflowCount={99} size="small" color="danger" aria-hidden />}
          </span>
        }
      />
    </Tooltip>
  );
}
