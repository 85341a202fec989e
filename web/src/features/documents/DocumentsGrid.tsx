import {
  Body1,
  Button,
  Caption1,
  Link,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
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
import {
  AddRegular,
  ArrowDownloadRegular,
  ArrowUndoRegular,
  DeleteRegular,
  DocumentArrowUpRegular,
  EyeRegular,
  LockClosedRegular,
  MoreHorizontalRegular,
  OpenRegular,
} from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { Loading } from '../../components/LoadingMask';
import { formatDate, formatDateTime, useDateFormat } from '../../lib/format';
import { hub } from '../../lib/hub';
import { useHighContrast } from '../../lib/theme';
import { checkOut, deleteDocument, documentKeys, documentListQuery, undoCheckOut, type DocumentRow } from './api';
import { DocumentIcon, kindText } from '../../components/documentIcons';
import { contextMenuHideDelay, fileSizeText } from './documentRules';
import { documentPath } from './paths';
import { preloadPdfViewer } from './pdfPreload';
import { showDocumentPreview } from './showDocumentPreview';
import { useDocumentActions } from './useDocumentActions';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
  },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  count: { color: tokens.colorNeutralForeground3 },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '560px' },
  title: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  titleText: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
  },
  ellipsis: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  locked: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteMarigoldForeground2,
  },
  empty: {
    padding: tokens.spacingVerticalL,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
  },
  actionsCell: { width: '48px' },
  titleColumn: { width: '45%' },
  versionColumn: { width: '72px' },
  nowrap: { whiteSpace: 'nowrap' },
  // High contrast paints a hovered row in its highlight colour with the highlight's text colour:
  // the muted captions and the title's link must take that colour too, or they vanish into it.
  highContrastRow: {
    ':hover': {
      color: tokens.colorNeutralForeground1Hover,
      '& *': { color: 'inherit' },
    },
  },
});

// Whether a row's document has a version file to preview, download or check out.
function hasVersionFile(row: DocumentRow): boolean {
  return row.extRefType === 'Electronic' && row.fileSize !== null;
}

// A point on the screen as Fluent's positioning takes a target.
function pointAt(x: number, y: number) {
  return {
    getBoundingClientRect: () => ({ x, y, top: y, left: x, bottom: y, right: x, width: 0, height: 0, toJSON: () => ({}) }),
  };
}

// The day a moment falls on where the person is, as YYYY-MM-DD.
function localDate(iso: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

function status(row: DocumentRow, styles: ReturnType<typeof useStyles>) {
  if (!row.checkedOutBy) return <Text>Checked in</Text>;
  return (
    <span className={styles.locked}>
      <LockClosedRegular aria-hidden /> {row.checkedOutByMe ? 'Checked out by you' : `Checked out by ${row.checkedOutBy}`}
    </span>
  );
}

// The documents of a case (issue: "the documents grid"): their type, title, version, check-out
// state and last change, each with open, download, check out or in, and delete.
export function DocumentsGrid({ caseNumber, actionGuid }: { caseNumber: string; actionGuid?: string }) {
  const styles = useStyles();
  const highContrast = useHighContrast();
  const navigate = useNavigate();
  const format = useDateFormat();
  const list = useQuery(documentListQuery(caseNumber, actionGuid));
  const actions = useDocumentActions(caseNumber);
  // A document filed or changed by someone else (or a task) while the case is open is heard over
  // the realtime hub, and the grid reloads.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      hub.on('documentsChanged', (message) => {
        if (message.id.toLowerCase() === caseNumber.toLowerCase()) {
          void queryClient.invalidateQueries({ queryKey: documentKeys.all(caseNumber) });
        }
      }),
    [caseNumber, queryClient],
  );
  const [deleting, setDeleting] = useState<DocumentRow | null>(null);
  // The right-click menu of a row: what is done with its file, where the pointer is.
  const [context, setContext] = useState<{ row: DocumentRow; x: number; y: number } | null>(null);
  // Spec 2 §9: with no version file the menu has nothing to offer, and hides 50 ms after opening.
  useEffect(() => {
    const delay = context ? contextMenuHideDelay(hasVersionFile(context.row)) : null;
    if (delay === null) return;
    const timer = setTimeout(() => setContext(null), delay);
    return () => clearTimeout(timer);
  }, [context]);
  // A preview asked for from here draws its first page sooner (pdfPreload).
  useEffect(() => preloadPdfViewer(), []);

  // What a row's right-click menu offers: its file's actions.
  const fileMenuItems = (row: DocumentRow) => [
    <MenuItem key="preview" icon={<EyeRegular />} onClick={() => showDocumentPreview(caseNumber, row.documentGuid)}>
      Preview
    </MenuItem>,
    <MenuItem key="download" icon={<ArrowDownloadRegular />} onClick={() => void actions.download(row.documentGuid)}>
      Download
    </MenuItem>,
    ...(!row.checkedOutBy && row.canModify
      ? [
          <MenuItem key="checkout" icon={<LockClosedRegular />} onClick={() => void actions.run(() => checkOut(caseNumber, row.documentGuid))}>
            Check out
          </MenuItem>,
        ]
      : []),
    ...(row.checkedOutByMe
      ? [
          <MenuItem key="checkin" icon={<DocumentArrowUpRegular />} onClick={() => navigate(documentPath(caseNumber, row.documentGuid, 'checkin', actionGuid))}>
            Check in
          </MenuItem>,
          <MenuItem key="undo" icon={<ArrowUndoRegular />} onClick={() => void actions.run(() => undoCheckOut(caseNumber, row.documentGuid))}>
            Undo check out
          </MenuItem>,
        ]
      : []),
  ];

  if (list.isPending) return <Loading label="Loading documents…" />;
  if (list.isError) return <Body1>{list.error.message}</Body1>;
  const { documents, canAdd } = list.data;
  const open = (row: DocumentRow) => navigate(documentPath(caseNumber, row.documentGuid, 'documentproperties', actionGuid));

  return (
    <section className={styles.root} aria-label="Documents">
      <div className={styles.toolbar}>
        {canAdd && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate(documentPath(caseNumber, 'new', 'documentproperties', actionGuid))}>
            Add documents
          </Button>
        )}
        <Caption1 className={styles.count}>
          {documents.length === 1 ? '1 document' : `${documents.length} documents`}
        </Caption1>
      </div>
      {documents.length === 0 ? (
        <Body1 className={styles.empty}>
          No documents yet.{canAdd ? ' Add letters, photos and reports to keep the case file in one place.' : ''}
        </Body1>
      ) : (
        <div className={styles.scroll}>
          <Table className={styles.table} size="small" aria-label="Documents of the case">
            <TableHeader>
              <TableRow>
                <TableHeaderCell className={styles.titleColumn}>Title</TableHeaderCell>
                <TableHeaderCell className={styles.versionColumn}>Version</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell>Modified</TableHeaderCell>
                <TableHeaderCell className={styles.actionsCell} aria-label="Actions" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {documents.map((row) => (
                <TableRow
                  key={row.documentGuid}
                  className={highContrast ? styles.highContrastRow : undefined}
                  onDoubleClick={() => open(row)}
                  onContextMenu={(event) => {
                    event.preventDefault();
                    setContext({ row, x: event.clientX, y: event.clientY });
                  }}
                >
                  <TableCell>
                    <span className={styles.title}>
                      <Button
                        appearance="subtle"
                        size="small"
                        icon={<DocumentIcon kind={row.extRefType} extension={row.fileExtension} />}
                        aria-label={`Preview ${row.title}`}
                        title="Preview"
                        onClick={() => showDocumentPreview(caseNumber, row.documentGuid)}
                      />
                      <span className={styles.titleText}>
                        <Link className={styles.ellipsis} onClick={() => open(row)} title={row.title}>
                          {row.title}
                        </Link>
                        <Caption1 className={`${styles.muted} ${styles.ellipsis}`} title={row.extRefFilename}>
                          {kindText(row.extRefType, row.fileExtension)}
                          {row.fileSize !== null ? ` · ${fileSizeText(row.fileSize)}` : ` · ${row.extRefFilename}`}
                        </Caption1>
                      </span>
                    </span>
                  </TableCell>
                  <TableCell>{row.version ?? '—'}</TableCell>
                  <TableCell>{row.extRefType === 'Electronic' ? status(row, styles) : '—'}</TableCell>
                  <TableCell title={formatDateTime(row.modifiedAt, format)}>
                    <span className={styles.titleText}>
                      <Text className={styles.nowrap}>{formatDate(localDate(row.modifiedAt), format)}</Text>
                      <Caption1 className={`${styles.muted} ${styles.ellipsis}`}>{row.modifiedBy}</Caption1>
                    </span>
                  </TableCell>
                  <TableCell className={styles.actionsCell}>
                    <Menu>
                      <MenuTrigger disableButtonEnhancement>
                        <Button appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={`Actions for ${row.title}`} disabled={actions.busy} />
                      </MenuTrigger>
                      <MenuPopover>
                        <MenuList>
                          <MenuItem icon={<OpenRegular />} onClick={() => open(row)}>
                            Properties
                          </MenuItem>
                          {row.extRefType === 'Electronic' && (
                            <MenuItem icon={<ArrowDownloadRegular />} onClick={() => void actions.download(row.documentGuid)}>
                              Download
                            </MenuItem>
                          )}
                          {row.extRefType === 'Electronic' && !row.checkedOutBy && row.canModify && (
                            <MenuItem icon={<LockClosedRegular />} onClick={() => void actions.run(() => checkOut(caseNumber, row.documentGuid))}>
                              Check out
                            </MenuItem>
                          )}
                          {row.checkedOutByMe && (
                            <MenuItem icon={<DocumentArrowUpRegular />} onClick={() => navigate(documentPath(caseNumber, row.documentGuid, 'checkin', actionGuid))}>
                              Check in
                            </MenuItem>
                          )}
                          {row.checkedOutByMe && (
                            <MenuItem icon={<ArrowUndoRegular />} onClick={() => void actions.run(() => undoCheckOut(caseNumber, row.documentGuid))}>
                              Undo check out
                            </MenuItem>
                          )}
                          {row.canModify && !row.checkedOutBy && (
                            <MenuItem icon={<DeleteRegular />} onClick={() => setDeleting(row)}>
                              Delete
                            </MenuItem>
                          )}
                        </MenuList>
                      </MenuPopover>
                    </Menu>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Menu
        open={context !== null}
        onOpenChange={(_, data) => {
          if (!data.open) setContext(null);
        }}
        positioning={{ target: context ? pointAt(context.x, context.y) : undefined, position: 'below', align: 'start' }}
      >
        <MenuPopover>
          <MenuList aria-label={context ? `File of ${context.row.title}` : undefined}>
            {context && hasVersionFile(context.row) && fileMenuItems(context.row)}
          </MenuList>
        </MenuPopover>
      </Menu>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete document"
        confirmText="Delete"
        cancelText="Keep it"
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const row = deleting;
          setDeleting(null);
          if (row) void actions.run(() => deleteDocument(caseNumber, row.documentGuid));
        }}
      >
        {`Delete '${deleting?.title ?? ''}' from this case? Its versions stay in the case's history.`}
      </ConfirmDialog>
      <MessageDialog open={actions.failure !== null} title={actions.failure?.title ?? ''} onClose={actions.clearFailure}>
        {actions.failure?.message}
      </MessageDialog>
    </section>
  );
}
