import { formatDate, formatDateTime } from '../../lib/format';
import type { ReportCell, ReportColumn } from './api';

// A cell of the report's table as its column's type shows it: dates in the environment's format,
// date-times in the person's zone, numbers with their thousands marked.
export function cellText(cell: ReportCell, column: ReportColumn | undefined, dateFormat: string): string {
  if (cell === null || cell === undefined) return '';
  switch (column?.type) {
    case 'number':
      return typeof cell === 'number' ? cell.toLocaleString() : String(cell);
    case 'date':
      return formatDate(String(cell), dateFormat);
    case 'datetime':
      return formatDateTime(String(cell), dateFormat);
    default:
      return String(cell);
  }
}

// "Rows 51–100 of 240": the rows of a page, counted from one.
export function rowsText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Rows 0 of ${total.toLocaleString()}`;
  const first = (page - 1) * pageSize + 1;
  return `Rows ${first.toLocaleString()}–${(first + shown - 1).toLocaleString()} of ${total.toLocaleString()}`;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(pageSize, 1)));
}
