import { Body1, Button, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, EyeRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';

import { MessageDialog } from '../../components/Dialogs';
import { DynamicLayout } from '../../components/layout/DynamicLayout';
import { LoadingMask } from '../../components/LoadingMask';
import { downloadThroughLink } from '../../lib/downloadLink';
import { openInNewTab } from '../../lib/navigation';
import { useScreenClass } from '../../lib/screen';
import { exportReport, reportKeys, type ReportData } from './api';
import { FavouriteButton } from './FavouriteButton';
import { showReportPreview } from './ReportPreviewPanel';
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
});

// A report's panel (spec 2 "Report panel"): its Filters (only when it has some), its Output Format,
// and Export and View. Export builds the file and downloads it through a hidden link, under a
// loading mask; a failure shows the server's message (spec 2 §8). View opens the viewer in a new
// tab and the report preview in the information bar.
export function ReportPanel({ report }: { report: ReportData }) {
  const styles = useStyles();
  const screen = useScreenClass();
  const queryClient = useQueryClient();
  const root = useRef<HTMLFormElement>(null);
  const panel = useReportPanel(report, root);
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // "Recently run" follows an export (a view refreshes it when its result arrives).
  const ran = () => void queryClient.invalidateQueries({ queryKey: reportKeys.list() });

  const exportFile = async () => {
    const filters = panel.attempt('export');
    if (!filters || typeof panel.format !== 'string') return;
    setExporting(true);
    try {
      const issued = await exportReport(report.ReportCode, panel.format, filters);
      await downloadThroughLink(issued.url, issued.fileName);
      ran();
    } catch (error) {
      panel.refused(error);
      setFailure(error instanceof Error ? error.message : String(error));
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
        />
        <div className={styles.buttons}>
          <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void exportFile()}>
            Export
          </Button>
          <Button appearance="primary" icon={<EyeRegular />} disabled={exporting} onClick={view}>
            View
          </Button>
        </div>
        {exporting && <LoadingMask label="Exporting…" />}
      </form>
      <MessageDialog open={failure !== null} title="Export failed" onClose={() => setFailure(null)}>
        {failure}
      </MessageDialog>
    </section>
  );
}
