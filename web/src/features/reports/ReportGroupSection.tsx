import { Body1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';

import type { ReportSummary } from './api';
import { ReportListItem } from './ReportListItem';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0 },
  list: { margin: 0, padding: 0, listStyleType: 'none' },
  muted: { color: tokens.colorNeutralForeground2 },
});

// A heading over its reports (a group of the environment's, or Favourites).
export function ReportGroupSection({ title, reports, empty }: { title: string; reports: ReportSummary[]; empty?: ReactNode }) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {title}
      </Subtitle2>
      {reports.length === 0 ? (
        <Body1 className={styles.muted}>{empty}</Body1>
      ) : (
        <ul className={styles.list}>
          {reports.map((report) => (
            <ReportListItem key={report.ReportCode} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}
