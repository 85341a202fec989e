import { Body1, Button, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, EyeRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';

import { MessageDialog } from '../../components/Dialogs';
import { DynamicLayout } from '../../components/layout/DynamicLayout';
import type { FieldControls } from '../../components/layout/LayoutContext';
import { LoadingMask } from '../../components/LoadingMask';
import { currentUserQuery } from '../../lib/currentUser';
import { downloadThroughLink } from '../../lib/downloadLink';
import { openInNewTab } from '../../lib/navigation';
import { useScreenClass } from '../../lib/screen';
import { exportReport, isBackgroundExport, reportKeys, type ReportData, type ReportExport } from './api';
import { ExportProgressCard, messageOf } from './ExportProgressCard';
import { FavouriteButton } from './FavouriteButton';
import { FileInCaseButton } from './FileInCaseDialog';
import { PersonRoleFilterControl } from './PersonRoleFilterControl';
import { showReportPreview } from './ReportPreviewPanel';
import { ScheduleButton } from './ScheduleDialog';
import { putExport, useExportUpdates, useExports } from './useExports';
import { useReportPanel } from './useReportPanel';
import { viewerPath } from './viewerAddress';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    maxWidth: '760px',
    '@media (max-width: 474px)': { padding: tokens.spacingHorizontalS },
  },
  header: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  heading: { margin: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  form: { position: 'relative', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  exports: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

// A report's filters that share a type with a form's fields but mean something else: a
// PersonRoleField is the persons in a role to report on, not the one who holds it on a record.
const filterControls: FieldControls = { PersonRoleField: PersonRoleFilterControl };

interface Failure {
  title: string;
  message: string;
}

// A report's panel (spec 2 "Report panel"): its Filters (only when it has some), its Output Format,
// and Export and View. Export builds the file and downloads it through a hidden link, under a
// loading mask; a failure shows the server's message (spec 2 §8). A report too large to be made
// while the request waits is exported in the background instead: a card under the buttons follows
// it (the hub tells how far it is) and its file downloads once it is done, while Export and View
// stay usable. View opens the viewer in a new tab and the report preview in the information bar.
export function ReportPanel({ report }: { report: ReportData }) {
  const styles = useStyles();
  const screen = useScreenClass();
  const queryClient = useQueryClient();
  const root = useRef<HTMLFormElement>(null);
  const panel = useReportPanel(report, root);
  const user = useQuery(currentUserQuery).data;
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // The background exports started here, newest first, each followed by a card until dismissed.
  const [started, setStarted] = useState<number[]>([]);
  useExportUpdates();
  const exportList = useExports(started.length > 0);
  const followed = started.flatMap((id) => exportList.data?.exports.find((each) => each.id === id) ?? []);
  // One that failed is the error dialog (spec 2 §8), and its card goes once that is closed.
  const failed: ReportExport | undefined = followed.find((each) => each.status === 'failed');
  const shownFailure: Failure | null =
    failure ?? (failed ? { title: 'Export failed', message: failed.message ?? 'The export failed.' } : null);
  const forget = (exportId: number) => setStarted((current) => current.filter((id) => id !== exportId));
  // "Recently run" follows an export (a view refreshes it when its result arrives).
  const ran = () => void queryClient.invalidateQueries({ queryKey: reportKeys.list() });

  const exportFile = async () => {
    const filters = panel.attempt('export');
    if (!filters || typeof panel.format !== 'string') return;
    setExporting(true);
    try {
      const answered = await exportReport(report.ReportCode, panel.format, filters);
      if (isBackgroundExport(answered)) {
        putExport(queryClient, answered.export);
        setStarted((current) => [answered.export.id, ...current.filter((id) => id !== answered.export.id)]);
      } else {
        await downloadThroughLink(answered.url, answered.fileName);
      }
      ran();
    } catch (error) {
      panel.refused(error);
      setFailure({ title: 'Export failed', message: messageOf(error) });
    } finally {
      setExporting(false);
    }
  };

  const view = () => {
    const filters = panel.attempt('view');
    if (!filters) return;
    openInNewTab(viewerPath(report.ReportCode, filters));
    showReportPreview(report.ReportCode, filters);
  };

  return (
    <section className={styles.panel} aria-labelledby="report-heading">
      <header className={styles.header}>
        <Title2 as="h1" id="report-heading" className={styles.heading}>
          {report.Heading}
        </Title2>
        <FavouriteButton reportCode={report.ReportCode} heading={report.Heading} favourite={report.Favourite} />
      </header>
      {report.Description && <Body1 className={styles.muted}>{report.Description}</Body1>}
      <form
        ref={root}
        className={styles.form}
        noValidate
        aria-label={`${report.Heading}: filters and output`}
        aria-busy={exporting || undefined}
        onSubmit={(event) => event.preventDefault()}
      >
        <DynamicLayout
          components={panel.layout}
          values={panel.values}
          errors={panel.errors}
          onChange={panel.onChange}
          screen={screen}
          view="report"
          parentId={report.ReportCode}
          controls={filterControls}
        />
        <div className={styles.buttons}>
          <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void exportFile()}>
            Export
          </Button>
          <Button appearance="primary" icon={<EyeRegular />} disabled={exporting} onClick={view}>
            View
          </Button>
          {/* The filters are checked as for View: a schedule runs with them unattended. */}
          <ScheduleButton
            report={report}
            filters={() => panel.attempt('view')}
            format={typeof panel.format === 'string' ? panel.format : undefined}
            currentUsername={user?.username ?? ''}
          />
          <FileInCaseButton report={report} filters={() => panel.attempt('view')} onFiled={ran} />
        </div>
        {exporting && <LoadingMask label="Exporting…" />}
      </form>
      {followed.some((each) => each.status !== 'failed') && (
        <div className={styles.exports}>
          {followed
            .filter((each) => each.status !== 'failed')
            .map((each) => (
              <ExportProgressCard
                key={each.id}
                exported={each}
                heading={report.Heading}
                onDismiss={() => forget(each.id)}
                onFailure={(title, message) => setFailure({ title, message })}
              />
            ))}
        </div>
      )}
      <MessageDialog
        open={shownFailure !== null}
        title={shownFailure?.title ?? 'Export failed'}
        onClose={() => {
          if (failure) setFailure(null);
          else if (failed) forget(failed.id);
        }}
      >
        {shownFailure?.message}
      </MessageDialog>
    </section>
  );
}
