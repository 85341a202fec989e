import { Body1, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';

import { useDateFormat } from '../../lib/format';
import type { ReportView } from './api';
import { cellText, pageCount, rowsText } from './cells';

const useStyles = makeStyles({
  frame: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    minWidth: 0,
    height: '100%',
    gap: tokens.spacingVerticalXS,
  },
  // The table scrolls inside its area, both ways; the page around it never does.
  scroll: {
    flexGrow: 1,
    minHeight: 0,
    overflow: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: { minWidth: 'max-content' },
  head: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  headCell: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  numberHead: { justifyContent: 'flex-end' },
  pager: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
  count: { marginRight: 'auto' },
  empty: { padding: tokens.spacingVerticalM },
});

// The report's rows, one page at a time, paged inside the table's own area (spec 1 §2: the viewer's
// page does not scroll).
export function ReportTable({ view, busy, onPage }: { view: ReportView; busy: boolean; onPage: (page: number) => void }) {
  const styles = useStyles();
  const dateFormat = useDateFormat();
  const pages = pageCount(view.totalRows, view.pageSize);
  if (view.totalRows === 0) return <Body1 className={styles.empty}>No rows match these filters.</Body1>;
  return (
    <div className={styles.frame}>
      {/* A scrolling region must be reachable by keyboard (WCAG 2.1.1). */}
      <div className={styles.scroll} tabIndex={0} role="region" aria-label={`${view.heading}: rows`}>
        <Table size="small" className={styles.table} aria-label={view.heading} aria-busy={busy || undefined}>
          <TableHeader className={styles.head}>
            <TableRow>
              {view.columns.map((column) => (
                <TableHeaderCell key={column.id} className={styles.headCell}>
                  <span className={mergeClasses(column.type === 'number' && styles.numberHead)}>{column.label}</span>
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.rows.map((row, index) => (
              <TableRow key={(view.page - 1) * view.pageSize + index}>
                {view.columns.map((column, at) => (
                  <TableCell key={column.id} className={mergeClasses(column.type === 'number' && styles.number)}>
                    {cellText(row[at] ?? null, column, dateFormat)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <nav className={styles.pager} aria-label="Pages of the report">
        <Text className={styles.count} aria-live="polite">
          {rowsText(view.page, view.pageSize, view.rows.length, view.totalRows)}
        </Text>
        <Button size="small" icon={<ChevronLeftRegular />} disabled={busy || view.page <= 1} onClick={() => onPage(view.page - 1)}>
          Previous
        </Button>
        <Button size="small" icon={<ChevronRightRegular />} iconPosition="after" disabled={busy || view.page >= pages} onClick={() => onPage(view.page + 1)}>
          Next
        </Button>
      </nav>
    </div>
  );
}
