import {
  Body1,
  Button,
  Field,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, HistoryRegular } from '@fluentui/react-icons';
import { Fragment, useRef, useState } from 'react';

import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { OlderNewerPager } from '../../components/OlderNewerPager';
import { formatDateTime, useDateFormat } from '../../lib/format';
import { useElementWidth } from '../../lib/screen';
import { revertToVersion, type DocumentDefinition, type HistoryRow } from './api';
import { fileSizeText, revertComment, revertQuestion } from './documentRules';
import { useDocumentActions } from './useDocumentActions';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  scroll: { overflowX: 'auto' },
  // Fluent's tables share their width out equally (table-layout: fixed), which put the actions
  // over the dates and cut 'Revert to this Version' off: here the columns take what they hold, the
  // actions and dates never wrap, and the comment and the file name wrap instead.
  table: { tableLayout: 'auto', width: '100%' },
  actionsCell: { width: '1%', whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap', justifyContent: 'flex-end' },
  when: { whiteSpace: 'nowrap' },
  // Long words wrap only when nothing else will, so a file name stays whole where it fits.
  wraps: { overflowWrap: 'break-word' },
  current: { fontWeight: tokens.fontWeightSemibold },
  // A small screen lists the versions one under the other, each with its facts and its actions.
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  cardHead: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  facts: { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: tokens.spacingHorizontalS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

// Below this width the grid's columns, dates and 'Revert to this Version' do not fit side by side.
const kTableWidth = 720;

function cell(row: HistoryRow, field: string, format: string): string {
  switch (field) {
    case 'Version':
      return row.IsCurrent ? `${row.Version} (current)` : row.Version;
    case 'Comments':
      return row.Comments || '—';
    case 'FileName':
      return row.FilenameOnDisk;
    case 'FileSize':
      return fileSizeText(row.FileSize);
    case 'ModifiedBy':
      return row.ModifiedBy;
    case 'ModifiedAt':
      return formatDateTime(row.ModifiedAt, format);
    default:
      return '';
  }
}

// The versions of a document (spec 2 §2 History tab), with the columns and page size of the
// environment's history grid; any version can be downloaded, and reverted to by those who may.
export function DocumentHistory({
  caseNumber,
  guid,
  title,
  rows,
  definition,
  canRevert,
  onReverted,
}: {
  caseNumber: string;
  guid: string;
  title: string;
  rows: readonly HistoryRow[];
  definition: DocumentDefinition;
  canRevert: boolean;
  onReverted: () => Promise<void>;
}) {
  const styles = useStyles();
  const format = useDateFormat();
  // Where the versions have less room than the table needs (a small screen, or a medium one beside
  // the menu) they are listed as cards, so that nothing is cut off or scrolled out of sight.
  const root = useRef<HTMLElement>(null);
  const width = useElementWidth(root);
  const small = width > 0 && width < kTableWidth;
  const actions = useDocumentActions(caseNumber);
  const { pageSize, columns } = definition.documentHistoryDefinition;
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<HistoryRow | null>(null);
  const [commenting, setCommenting] = useState<{ row: HistoryRow; comment: string } | null>(null);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);

  const rowActions = (row: HistoryRow) => (
    <span className={styles.actions}>
      <Button
        size="small"
        appearance="subtle"
        icon={<ArrowDownloadRegular />}
        aria-label={`Download version ${row.Version}`}
        title={`Download version ${row.Version}`}
        onClick={() => void actions.download(guid, row.CaseextrefHistoryID)}
      />
      {canRevert && !row.IsCurrent && (
        <Button size="small" appearance="subtle" icon={<HistoryRegular />} onClick={() => setAsking(row)}>
          Revert to this Version
        </Button>
      )}
    </span>
  );

  if (rows.length === 0) return <Body1>No versions are stored for this document.</Body1>;
  return (
    <section ref={root} className={styles.root} aria-label="Versions">
      {small ? (
        <ul className={styles.list} aria-label={`Versions of ${title}`}>
          {shown.map((row) => (
            <li key={row.CaseextrefHistoryID} className={mergeClasses(styles.card, row.IsCurrent && styles.current)}>
              <span className={styles.cardHead}>
                <Text weight="semibold">{cell(row, 'Version', format)}</Text>
                <Text className={styles.when}>{cell(row, 'ModifiedAt', format)}</Text>
              </span>
              <dl className={styles.facts}>
                {columns
                  .filter((column) => column.field !== 'Version' && column.field !== 'ModifiedAt')
                  .map((column) => (
                    <Fragment key={column.field}>
                      <dt className={styles.term}>{column.label}</dt>
                      <dd className={styles.value}>{cell(row, column.field, format)}</dd>
                    </Fragment>
                  ))}
              </dl>
              {rowActions(row)}
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.scroll}>
          <Table className={styles.table} size="small" aria-label={`Versions of ${title}`}>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHeaderCell key={column.field}>{column.label}</TableHeaderCell>
                ))}
                <TableHeaderCell className={styles.actionsCell} aria-label="Actions" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((row) => (
                <TableRow key={row.CaseextrefHistoryID} className={row.IsCurrent ? styles.current : undefined}>
                  {columns.map((column) => (
                    <TableCell key={column.field} className={column.field === 'ModifiedAt' || column.field === 'Version' ? styles.when : styles.wraps}>
                      {cell(row, column.field, format)}
                    </TableCell>
                  ))}
                  <TableCell className={styles.actionsCell}>{rowActions(row)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <OlderNewerPager label="Version pages" page={page} pages={pages} onPage={setPage} />
      <ConfirmDialog
        open={asking !== null}
        title="Revert"
        confirmText="Yes"
        cancelText="No"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const row = asking;
          setAsking(null);
          if (row) setCommenting({ row, comment: revertComment(row.Version) });
        }}
      >
        {asking ? revertQuestion(title, asking.Version) : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={commenting !== null}
        title="Version comments"
        confirmText="Revert"
        onCancel={() => setCommenting(null)}
        onConfirm={() => {
          const chosen = commenting;
          setCommenting(null);
          if (chosen) {
            void actions.run(() => revertToVersion(caseNumber, guid, chosen.row.CaseextrefHistoryID, chosen.comment)).then((done) => {
              if (done) void onReverted();
            });
          }
        }}
      >
        <Field label="Comment for the new version">
          <Textarea value={commenting?.comment ?? ''} onChange={(_, change) => setCommenting((current) => (current ? { ...current, comment: change.value } : current))} />
        </Field>
      </ConfirmDialog>
      <MessageDialog open={actions.failure !== null} title={actions.failure?.title ?? ''} onClose={actions.clearFailure}>
        {actions.failure?.message}
      </MessageDialog>
    </section>
  );
}
