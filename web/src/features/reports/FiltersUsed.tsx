import { Caption1, makeStyles, tokens } from '@fluentui/react-components';

import type { ReportView } from './api';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    padding: 0,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  item: { display: 'flex', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

// What the report was asked for, as an export prints it on its first page.
export function FiltersUsed({ filters }: { filters: ReportView['filtersUsed'] }) {
  const styles = useStyles();
  if (filters.length === 0) return <Caption1>All records (no filters).</Caption1>;
  return (
    <dl className={styles.list}>
      {filters.map((filter) => (
        <div key={filter.label} className={styles.item}>
          <dt className={styles.term}>{filter.label}:</dt>
          <dd className={styles.value}>{filter.text}</dd>
        </div>
      ))}
    </dl>
  );
}
