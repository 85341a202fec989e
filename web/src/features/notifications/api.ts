import { infiniteQueryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import type { Notification, NotificationPage } from '../../lib/api/types';

export type { Notification, NotificationPage };

export const notificationKeys = {
  all: ['notifications'] as const,
};

const pageSize = 20;

// The signed-in user's notifications, newest first, a page at a time.
export const notificationsQuery = infiniteQueryOptions({
  queryKey: notificationKeys.all,
  queryFn: ({ pageParam }) =>
    answer(api.GET('/notifications', { params: { query: { limit: pageSize, ...(pageParam ? { before: pageParam } : {}) } } })),
  initialPageParam: 0,
  getNextPageParam: (last: NotificationPage) => (last.more ? last.items[last.items.length - 1]?.id : undefined),
});

export function markNotificationRead(id: number): Promise<void> {
  return answer(api.POST('/notifications/{notificationId}/read', { params: { path: { notificationId: id } } }));
}

export function markAllNotificationsRead(): Promise<{ marked: number }> {
  return answer(api.POST('/notifications/read'));
}
