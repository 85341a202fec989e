import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles } from '@fluentui/react-components';

import type { ReportChart } from './api';

const useStyles = makeStyles({
  scroll: { overflow: 'auto', maxHeight: '100%' },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
});

// A chart's numbers as a table: its alternative for people who cannot see the chart, or who want
// the figures (each chart's "Show as table").
export function ChartTable({ chart }: { chart: ReportChart }) {
  const styles = useStyles();
  return (
    <div className={styles.scroll}>
      <Table size="small" aria-label={`${chart.title}: the figures`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{chart.categoryLabel || 'Category'}</TableHeaderCell>
            {chart.series.map((series) => (
              <TableHeaderCell key={series.name} className={styles.number}>
                {series.name}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {chart.categories.map((category, index) => (
            <TableRow key={`${index}:${category}`}>
              <TableCell>{category}</TableCell>
              {chart.series.map((series) => (
                <TableCell key={series.name} className={styles.number}>
                  {series.data[index]?.toLocaleString() ?? '—'}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
