import { recordPath } from '../../lib/records';
import { reportItemPath } from '../../lib/reportItems';
import type { Notification } from './api';

// Where activating a notification goes: the record it is about, or the reports area with the
// export or schedule it is about brought into view; null for one about nothing in particular.
export function notificationPath({ entity, entityId }: Pick<Notification, 'entity' | 'entityId'>): string | null {
  if (!entity || !entityId) return null;
  switch (entity) {
    case 'case':
    case 'person':
      return recordPath(entity, entityId);
    case 'export':
    case 'schedule':
      return reportItemPath(entity, entityId);
  }
}
