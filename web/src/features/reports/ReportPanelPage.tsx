import { Body1, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';

import { AppLink } from '../../components/AppLink';
import { ApiError } from '../../lib/api';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { usePageTitle } from '../../lib/pageTitle';
import { reportListQuery, reportQuery } from './api';
import { ReportPanel } from './ReportPanel';

const useStyles = makeStyles({
  state: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalXL },
});

// The address is lower-cased (spec 1 §2) and report codes need not be: the code is the listed
// report's whose code matches the address's in any case.
function useReportCode(fromAddress: string): string | null {
  const list = useQuery(reportListQuery);
  if (list.isPending) return null;
  return list.data?.reports.find((report) => report.ReportCode.toLowerCase() === fromAddress.toLowerCase())?.ReportCode ?? fromAddress;
}

// The route reports/:reportCode: a report's panel, named in the breadcrumb and the tab.
export function ReportPanelPage() {
  const styles = useStyles();
  const code = useReportCode(useParams().reportCode ?? '');
  const report = useQuery({ ...reportQuery(code ?? ''), enabled: code !== null });
  useCrumbLabel(report.data?.Heading ?? null);
  usePageTitle(report.data ? `${report.data.Heading} · Reports` : null);

  if (report.isError) {
    const missing = report.error instanceof ApiError && report.error.status === 404;
    return (
      <div className={styles.state}>
        <MessageBar intent={missing ? 'warning' : 'error'}>
          <MessageBarBody>{missing ? 'This report does not exist, or you may not run it.' : report.error.message}</MessageBarBody>
        </MessageBar>
        <Body1>
          <AppLink to="/reports">Go to the reports</AppLink>
        </Body1>
      </div>
    );
  }
  if (!report.data) {
    return (
      <div className={styles.state}>
        <Spinner label="Loading the report…" />
      </div>
    );
  }
  return <ReportPanel key={report.data.ReportCode} report={report.data} />;
}
