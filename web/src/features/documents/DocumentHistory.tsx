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
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, HistoryRegular } from '@fluentui/react-icons';
import { useState } from 'react';

import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { OlderNewerPager } from '../../components/OlderNewerPager';
import { formatDateTime, useDateFormat } from '../../lib/format';
import { revertToVersion, type DocumentDefinition, type HistoryRow } from './api';
import { fileSizeText, revertComment, revertQuestion } from './documentRules';
import { useDocumentActions } from './useDocumentActions';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '560px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  when: { whiteSpace: 'nowrap' },
  current: { fontWeight: tokens.fontWeightSemibold },
});

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
  const actions = useDocumentActions(caseNumber);
  const { pageSize, columns } = definition.documentHistoryDefinition;
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<HistoryRow | null>(null);
  const [commenting, setCommenting] = useState<{ row: HistoryRow; comment: string } | null>(null);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);

  if (rows.length === 0) return <Body1>No versions are stored for this document.</Body1>;
  return (
    <section className={styles.root} aria-label="Versions">
      <div className={styles.scroll}>
        <Table className={styles.table} size="small" aria-label={`Versions of ${title}`}>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHeaderCell key={column.field}>{column.label}</TableHeaderCell>
              ))}
              <TableHeaderCell aria-label="Actions" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.CaseextrefHistoryID} className={row.IsCurrent ? styles.current : undefined}>
                {columns.map((column) => (
                  <TableCell key={column.field} className={column.field === 'ModifiedAt' || column.field === 'Version' ? styles.when : undefined}>
                    {cell(row, column.field, format)}
                  </TableCell>
                ))}
                <TableCell>
                  <span className={styles.actions}>
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<ArrowDownloadRegular />}
                      aria-label={`Download version ${row.Version}`}
                      onClick={() => void actions.download(guid, row.CaseextrefHistoryID)}
                    />
                    {canRevert && !row.IsCurrent && (
                      <Button size="small" appearance="subtle" icon={<HistoryRegular />} onClick={() => setAsking(row)}>
                        Revert to this Version
                      </Button>
                    )}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
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
