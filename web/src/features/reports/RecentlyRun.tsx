import { Body1, Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';

import { AppLink } from '../../components/AppLink';
import { formatDateTime, useDateFormat } from '../../lib/format';
import type { ReportSummary } from './api';
import { reportPanelPath } from './paths';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0 },
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
});

// The reports the person ran last, newest first.
export function RecentlyRun({ reports }: { reports: ReportSummary[] }) {
  const styles = useStyles();
  const headingId = useId();
  const format = useDateFormat();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        Recently run
      </Subtitle2>
      {reports.length === 0 ? (
        <Body1 className={styles.muted}>Reports you view or export will be listed here.</Body1>
      ) : (
        <ol className={styles.list}>
          {reports.map((report) => (
            <li key={report.ReportCode} className={styles.item}>
              <AppLink to={reportPanelPath(report.ReportCode)}>{report.Heading}</AppLink>
              {report.LastRunAt && <Caption1 className={styles.muted}>Run {formatDateTime(report.LastRunAt, format)}</Caption1>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
