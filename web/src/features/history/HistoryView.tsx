import {
  Body1,
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
import { OlderNewerPager } from '../../components/OlderNewerPager';
import type { HistoryEntry } from '../../lib/api/types';
import { formatDateTime, formatValue, useDateFormat } from '../../lib/format';
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
  'document.created': 'Document added',
  'document.updated': 'Document properties changed',
  'document.checkedOut': 'Document checked out',
  'document.checkOutUndone': 'Document check-out undone',
  'document.checkedIn': 'Document checked in',
  'document.reverted': 'Document reverted',
  'document.renamed': 'Document renamed',
  'document.deleted': 'Document deleted',
  'role.added': 'Role holder added',
  'role.removed': 'Role holder removed',
  'alternatename.added': 'Alternate name added',
  'alternatename.changed': 'Alternate name changed',
  'alternatename.removed': 'Alternate name removed',
  'comment.added': 'Comment added',
  'comment.changed': 'Comment changed',
  'comment.removed': 'Comment removed',
  'crossreference.added': 'Cross reference added',
  'crossreference.changed': 'Cross reference changed',
  'crossreference.removed': 'Cross reference removed',
  'task.started': 'Task started',
  'task.step': 'Task step done',
  'task.failed': 'Task step failed',
  'task.completed': 'Task completed',
  'task.cancelled': 'Task cancelled',
};

type Activity = NonNullable<HistoryEntry['activity']>;

// What an entry about a document or a role says beyond its title: which document, or who holds
// which role ("Added Ann Lee as Witness", "Became Complainant in CMP-2026-00042 · Noise").
export function activityText(action: string, activity: Activity | undefined): string | null {
  if (!activity) return null;
  if (action.startsWith('role.') && activity.record) {
    const other = activity.record.unavailable
      ? activity.record.display
      : activity.record.kind === 'case'
        ? `${activity.record.identifier ?? ''} · ${activity.record.display}`
        : activity.record.display;
    const added = action === 'role.added';
    if (activity.side === 'holder') return `${added ? 'Became' : 'No longer'} ${activity.roleName ?? ''} ${other}`;
    return `${added ? 'Added' : 'Removed'} ${other} as ${activity.roleName ?? ''}`;
  }
  if (action.startsWith('crossreference.') && activity.record) {
    const name = (record: NonNullable<Activity['record']>) => (record.unavailable ? record.display : `${record.identifier ?? ''} · ${record.display}`);
    // Moved to another case (Edit): from the one it named before.
    const other = activity.previousRecord ? `Moved from ${name(activity.previousRecord)} to ${name(activity.record)}` : name(activity.record);
    return activity.comments ? `${other}: ${activity.comments}` : other;
  }
  if (activity.activeState === 'reopened') return 'Reopened';
  if (action.startsWith('task.') && activity.task) {
    const said = [activity.task, activity.step, activity.message].filter(Boolean);
    return said.join(' · ');
  }
  if (action.startsWith('alternatename.')) return activity.name ?? null;
  if (action.startsWith('comment.')) return activity.text ?? null;
  if (action.startsWith('document.')) {
    if (activity.hidden) return 'A document you may not see.';
    return [activity.title, activity.version ? `version ${activity.version}` : ''].filter(Boolean).join(' · ') || null;
  }
  return null;
}

// A value as the trail shows it: the server's text (option texts, Yes or No, names, an address on
// one line), dates and times in the environment's format, a dash for nothing.
export function historyText(text: string, format: string): string {
  return text === '' ? '—' : formatValue(text, format);
}

function Entry({ entry }: { entry: HistoryEntry }) {
  const styles = useStyles();
  const format = useDateFormat();
  return (
    <li className={styles.entry}>
      <Text weight="semibold">
        {actions[entry.action] ?? entry.action} by {entry.userDisplayName}
      </Text>
      <Caption1 className={styles.muted}>{formatDateTime(entry.at, format)}</Caption1>
      {activityText(entry.action, entry.activity) && <Body1>{activityText(entry.action, entry.activity)}</Body1>}
      {entry.changes.length > 0 && (
        <Table size="small" aria-label={`Changes made ${formatDateTime(entry.at, format)}`}>
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
                <TableCell className={styles.value}>{historyText(change.oldText, format)}</TableCell>
                <TableCell className={styles.value}>{historyText(change.newText, format)}</TableCell>
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
      <OlderNewerPager label="History pages" page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
