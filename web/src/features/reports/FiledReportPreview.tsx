import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { Loading } from '../../components/LoadingMask';
import { reportListQuery, type ReportFilterValue } from './api';
import { ReportPreviewPanel } from './ReportPreviewPanel';

const useStyles = makeStyles({
  fallback: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground2 },
});

// The document report preview (spec 2 "Previews", §3 "Document preview data (report)"): a report
// filed in a case, run now by the person looking, with the filters it was filed with — so it shows
// only what they may see. Someone who may not run that report (or for whom reporting is off) sees
// the copy filed instead, told why. The viewer is the screen's height less 310 (spec 2 §9).
export function FiledReportPreview({ reportCode, filters, filed }: { reportCode: string; filters: readonly ReportFilterValue[]; filed: ReactNode }) {
  const styles = useStyles();
  const reports = useQuery(reportListQuery);
  if (reports.isPending) return <Loading label="Running the report…" />;
  const runnable = reports.data?.reports.some((each) => each.ReportCode.toUpperCase() === reportCode.toUpperCase()) ?? false;
  if (!runnable) {
    return (
      <div className={styles.fallback}>
        <Caption1 className={styles.muted}>You may not run this report, so the copy filed is shown.</Caption1>
        {filed}
      </div>
    );
  }
  return <ReportPreviewPanel reportCode={reportCode} filters={filters} />;
}
