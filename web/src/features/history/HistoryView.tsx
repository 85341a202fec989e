import {
  Body1,
  Button,
  Caption1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Loading } from '../../components/LoadingMask';
import type { HistoryEntry } from '../../lib/api/types';
import { formatDateTime } from '../../lib/format';
import type { EntityKind } from '../../lib/records';
import { historyQuery } from './api';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  pager: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
  },
  muted: {
    color: tokens.colorNeutralForeground3,
  },
  value: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
});

const actions: Record<string, string> = {
  created: 'Created',
  updated: 'Changed',
  obsolete: 'Made obsolete',
  reinstate: 'Reinstated',
};

// A stored value as text for the trail.
export function historyValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(historyValue).join(', ');
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if ('id' in object) return String(object.display ?? object.id);
    return Object.values(object).map(historyValue).join(', ');
  }
  if (typeof value === 'string' && /<[a-z][\s\S]*>/i.test(value)) return value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return String(value);
}

function Entry({ entry }: { entry: HistoryEntry }) {
  const styles = useStyles();
  return (
    <li className={styles.entry}>
      <Text weight="semibold">
        {actions[entry.action] ?? entry.action} by {entry.userDisplayName}
      </Text>
      <Caption1 className={styles.muted}>{formatDateTime(entry.at)}</Caption1>
      {entry.changes.length > 0 && (
        <Table size="small" aria-label={`Changes made ${formatDateTime(entry.at)}`}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Field</TableHeaderCell>
              <TableHeaderCell>Before</TableHeaderCell>
              <TableHeaderCell>After</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entry.changes.map((change) => (
              <TableRow key={change.field}>
                <TableCell>{change.label}</TableCell>
                <TableCell className={styles.value}>{historyValue(change.oldValue)}</TableCell>
                <TableCell className={styles.value}>{historyValue(change.newValue)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </li>
  );
}

// The audit trail of a record, newest first, twenty entries a page.
export function HistoryView({ kind, identifier }: { kind: EntityKind; identifier: string }) {
  const styles = useStyles();
  const [page, setPage] = useState(1);
  const history = useQuery(historyQuery(kind, identifier, page));
  if (history.isPending) return <Loading />;
  if (history.isError) return <Body1>{history.error.message}</Body1>;
  const { items, total, pageSize } = history.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <section aria-label="History">
      <ol className={styles.list}>
        {items.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
      {pages > 1 && (
        <nav className={styles.pager} aria-label="History pages">
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Body1>
            Page {page} of {pages}
          </Body1>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      )}
    </section>
  );
}
