import { Body1, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

import { Loading } from './LoadingMask';

export const useRecordViewStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  heading: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '480px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  actionsCell: { width: '200px' },
});

// What a record's form shows of the things it holds (role holders, other names, comments, cross
// references, actions): a region named by its label, its heading when the layout gives one, a
// count, its buttons, then the list — or that it is loading, could not be read, or is empty.
export function RecordViewSection({
  label,
  showHeading,
  count,
  actions,
  pending = false,
  error = null,
  empty = null,
  children,
}: {
  label: string;
  showHeading: boolean;
  count?: string | null;
  actions?: ReactNode;
  pending?: boolean;
  error?: Error | null;
  // Shown instead of the list when there is nothing in it (or the record is not saved yet).
  empty?: string | null;
  children?: ReactNode;
}) {
  const styles = useRecordViewStyles();
  return (
    <section className={styles.root} aria-label={label}>
      {(showHeading || count || actions) && (
        <div className={styles.toolbar}>
          {showHeading && <Text className={styles.heading}>{label}</Text>}
          {count && <Caption1 className={styles.muted}>{count}</Caption1>}
          {actions}
        </div>
      )}
      {pending ? <Loading /> : error ? <Body1>{error.message}</Body1> : empty !== null ? <Body1 className={styles.muted}>{empty}</Body1> : children}
    </section>
  );
}

// "1 name", "3 names".
export function countOf(count: number, one: string, many: string): string {
  return count === 1 ? `1 ${one}` : `${count.toLocaleString()} ${many}`;
}
