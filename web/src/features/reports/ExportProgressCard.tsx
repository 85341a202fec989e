import { Body1Strong, Button, Caption1, ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, CheckmarkCircleRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';

import type { ReportExport } from './api';
import { formatNames, isUnfinished } from './exportList';
import { downloadExportFile, useCancelExport } from './useExports';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  line: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS, overflowWrap: 'anywhere', minWidth: 0 },
  icon: { flexShrink: 0, fontSize: '20px', color: tokens.colorPaletteGreenForeground1 },
  muted: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

// "1,234 of 20,000 rows" (the total is not known for every export).
export function rowsText(exported: ReportExport): string {
  const done = exported.rowsDone.toLocaleString();
  return exported.rowsTotal === null ? `${done} rows` : `${done} of ${exported.rowsTotal.toLocaleString()} rows`;
}

// How far it is, between 0 and 1; none (the bar moves without a value) until its first rows are
// written.
export function progressOf(exported: ReportExport): number | undefined {
  if (exported.status !== 'running' || !exported.rowsTotal || exported.rowsDone === 0) return undefined;
  return Math.min(1, exported.rowsDone / exported.rowsTotal);
}

type FileState = { state: 'downloaded'; fileName: string } | { state: 'not downloaded' } | null;

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// An export the panel started that runs in the background (spec 2 §7 for a large report): how far
// it is, with Cancel; once done its file downloads by itself, once, in this tab, and can be fetched
// again; cancelled, it says so until dismissed. Its failure is the panel's dialog, and so is a
// file or a cancel the server refuses.
export function ExportProgressCard({
  exported,
  heading,
  onDismiss,
  onFailure,
}: {
  exported: ReportExport;
  heading: string;
  onDismiss: () => void;
  onFailure: (title: string, message: string) => void;
}) {
  const styles = useStyles();
  const cancel = useCancelExport();
  // Null until the file was first fetched.
  const [file, setFile] = useState<FileState>(null);
  const [fetching, setFetching] = useState(false);
  const asked = useRef(false);
  const format = formatNames[exported.format];

  const fetchFile = async () => {
    try {
      const issued = await downloadExportFile(exported.id);
      setFile({ state: 'downloaded', fileName: issued.fileName });
    } catch (error) {
      setFile((current) => (current?.state === 'downloaded' ? current : { state: 'not downloaded' }));
      onFailure('Download failed', messageOf(error));
    } finally {
      setFetching(false);
    }
  };

  // Done, the file downloads by itself: once, however often the export is told of again.
  useEffect(() => {
    if (exported.status !== 'done' || asked.current) return;
    asked.current = true;
    void fetchFile();
  });

  const fetchAgain = () => {
    setFetching(true);
    void fetchFile();
  };

  const dismiss = (
    <Button icon={<DismissRegular />} onClick={onDismiss}>
      Dismiss
    </Button>
  );

  let body;
  if (isUnfinished(exported)) {
    const rows = rowsText(exported);
    body = (
      <>
        <Body1Strong className={styles.line}>
          {exported.cancelRequested ? `Cancelling the export — ${rows}` : `Exporting in the background — ${rows}`}
        </Body1Strong>
        <ProgressBar thickness="large" value={progressOf(exported)} aria-label={`Export of ${heading}`} aria-valuetext={exported.status === 'queued' ? 'Waiting to start' : rows} />
        <Caption1 className={styles.muted}>
          {format} · You may leave this page: you will be notified when the file is ready.
        </Caption1>
        <div className={styles.buttons}>
          <Button disabled={exported.cancelRequested || cancel.isPending} onClick={() => cancel.mutate(exported.id, { onError: (error) => onFailure('Export not cancelled', error.message) })}>
            Cancel
          </Button>
        </div>
      </>
    );
  } else if (exported.status === 'done') {
    const fileName = file?.state === 'downloaded' ? file.fileName : (exported.fileName ?? heading);
    body = (
      <>
        <Body1Strong className={styles.line}>
          {file?.state === 'downloaded' && <CheckmarkCircleRegular className={styles.icon} aria-hidden />}
          {file === null ? `Downloading ${fileName}…` : file.state === 'downloaded' ? `Downloaded ${fileName}` : `${fileName} is ready`}
        </Body1Strong>
        <Caption1 className={styles.muted}>
          {format} · {exported.rowsDone.toLocaleString()} {exported.rowsDone === 1 ? 'row' : 'rows'}
        </Caption1>
        <div className={styles.buttons}>
          <Button icon={<ArrowDownloadRegular />} disabled={file === null || fetching} onClick={fetchAgain}>
            {file?.state === 'downloaded' ? 'Download again' : 'Download'}
          </Button>
          {dismiss}
        </div>
      </>
    );
  } else {
    body = (
      <>
        <Body1Strong className={styles.line}>{exported.status === 'cancelled' ? 'Export cancelled.' : 'Export failed.'}</Body1Strong>
        <div className={styles.buttons}>{dismiss}</div>
      </>
    );
  }

  return (
    <div className={styles.card} role="status" aria-live="polite" data-testid="export-progress">
      {body}
    </div>
  );
}
