import { Body1, Button, Caption1, ProgressBar, Subtitle2, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissCircleRegular } from '@fluentui/react-icons';
import { useEffect, useId, useRef, useState } from 'react';

import { AppLink } from '../../components/AppLink';
import { MessageDialog } from '../../components/Dialogs';
import { formatDateTime, useDateFormat } from '../../lib/format';
import type { ReportExport } from './api';
import { messageOf, progressOf, rowsText } from './ExportProgressCard';
import { formatNames, isUnfinished } from './exportList';
import { useBroughtIntoView, useMarkedItem, useMarkedItemStyles } from './markedItem';
import { reportPanelPath } from './paths';
import { downloadExportFile, useCancelExport, useExports } from './useExports';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0 },
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  progress: { marginBlock: tokens.spacingVerticalXXS },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalXXS },
});

// The time now, again every minute: a finished export's file can be fetched until it is cleared.
function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

// Where an export stands, in words.
export function exportStateText(exported: ReportExport, fileKept: boolean): string {
  switch (exported.status) {
    case 'queued':
      return exported.cancelRequested ? 'Cancelling…' : 'Waiting to start';
    case 'running':
      return exported.cancelRequested ? `Cancelling… ${rowsText(exported)}` : `Running: ${rowsText(exported)}`;
    case 'done':
      return fileKept ? `Done: ${exported.rowsDone.toLocaleString()} ${exported.rowsDone === 1 ? 'row' : 'rows'}` : 'Done: the file has been cleared';
    case 'failed':
      return `Failed: ${exported.message ?? 'the export could not be made.'}`;
    default:
      return 'Cancelled';
  }
}

function fileKept(exported: ReportExport, now: number): boolean {
  return exported.status === 'done' && (exported.keptUntil === null || exported.keptUntil === undefined || Date.parse(exported.keptUntil) > now);
}

function ExportItem({
  exported,
  now,
  marked,
  onFailure,
}: {
  exported: ReportExport;
  now: number;
  marked: boolean;
  onFailure: (title: string, message: string) => void;
}) {
  const styles = useStyles();
  const markedStyles = useMarkedItemStyles();
  const dateFormat = useDateFormat();
  const detailsId = useId();
  const cancel = useCancelExport();
  const [fetching, setFetching] = useState(false);
  const kept = fileKept(exported, now);
  const running = isUnfinished(exported);

  const download = async () => {
    setFetching(true);
    try {
      await downloadExportFile(exported.id);
    } catch (error) {
      onFailure('Download failed', messageOf(error));
    } finally {
      setFetching(false);
    }
  };

  return (
    <li className={mergeClasses(styles.item, marked && markedStyles.marked)} aria-current={marked || undefined}>
      <AppLink to={reportPanelPath(exported.reportCode)}>{exported.heading}</AppLink>
      <Caption1 id={detailsId} className={styles.muted}>
        {formatNames[exported.format]} · {exportStateText(exported, kept)}
      </Caption1>
      {running && (
        <ProgressBar
          className={styles.progress}
          value={progressOf(exported)}
          aria-label={`Export of ${exported.heading}`}
          aria-valuetext={exported.status === 'queued' ? 'Waiting to start' : rowsText(exported)}
        />
      )}
      {exported.finishedAt ? (
        <>
          <Caption1 className={styles.muted}>Finished {formatDateTime(exported.finishedAt, dateFormat)}</Caption1>
          {kept && exported.keptUntil && <Caption1 className={styles.muted}>Kept until {formatDateTime(exported.keptUntil, dateFormat)}</Caption1>}
        </>
      ) : (
        <Caption1 className={styles.muted}>Started {formatDateTime(exported.createdAt, dateFormat)}</Caption1>
      )}
      {(running || kept) && (
        <div className={styles.buttons}>
          {running && (
            <Button
              size="small"
              icon={<DismissCircleRegular />}
              aria-label={`Cancel the export of ${exported.heading}`}
              aria-describedby={detailsId}
              disabled={exported.cancelRequested || cancel.isPending}
              onClick={() => cancel.mutate(exported.id, { onError: (error) => onFailure('Export not cancelled', error.message) })}
            >
              Cancel
            </Button>
          )}
          {kept && (
            <Button
              size="small"
              icon={<ArrowDownloadRegular />}
              aria-label={`Download ${exported.heading}`}
              aria-describedby={detailsId}
              disabled={fetching}
              onClick={() => void download()}
            >
              Download
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

// The person's exports that ran or run in the background, newest first, with how far each is,
// Cancel while under way and Download once done (until its file is cleared). Nothing when there
// are none, unless the address names one (a notification about it was opened): that one is marked
// and brought into view, or said to be no longer listed.
export function YourExports() {
  const styles = useStyles();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const list = useExports();
  const now = useNow();
  const marked = useMarkedItem('export');
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const exports = list.data?.exports ?? [];
  const found = marked !== null && exports.some((exported) => exported.id === marked.id);
  const missing = marked !== null && list.isSuccess && !found;
  useBroughtIntoView(section, marked && list.isSuccess ? marked.visit : null, found);
  if (exports.length === 0 && !missing) return null;
  return (
    <section ref={section} className={styles.section} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        Your exports
      </Subtitle2>
      {missing && <Body1>The export you were told about is no longer listed.</Body1>}
      {exports.length > 0 && (
        <ol className={styles.list}>
          {exports.map((exported) => (
            <ExportItem
              key={exported.id}
              exported={exported}
              now={now}
              marked={exported.id === marked?.id}
              onFailure={(title, message) => setFailure({ title, message })}
            />
          ))}
        </ol>
      )}
      <MessageDialog open={failure !== null} title={failure?.title ?? ''} onClose={() => setFailure(null)}>
        {failure?.message}
      </MessageDialog>
    </section>
  );
}
