import { formatDate } from '../../lib/format';

// Spec 2 §9: a comment's breadcrumb shows its As At in the environment's date format followed by
// 'hh:mm A' ("24/11/2026 03:05 PM"), in the person's own time zone.
export function commentCrumb(asAt: string, dateFormat: string): string {
  const date = new Date(asAt);
  if (Number.isNaN(date.getTime())) return 'Comment';
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const hours = date.getHours() % 12 === 0 ? 12 : date.getHours() % 12;
  return `${formatDate(day, dateFormat)} ${String(hours).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}
