import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useLocation } from 'react-router';

import { usePageTitle } from '../../lib/pageTitle';
import { ReportViewer } from './ReportViewer';
import { readViewerAddress } from './viewerAddress';

// The report viewer's content for its address (/reports/part/viewer/{reportCode}?filters=…).
export function ReportViewerScreen() {
  const { pathname, search } = useLocation();
  const request = useMemo(() => readViewerAddress(pathname, search), [pathname, search]);
  usePageTitle(request ? `${request.reportCode} · Report` : 'Report');
  if (!request) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>This address does not say which report to show. Run the report again from Reports.</MessageBarBody>
      </MessageBar>
    );
  }
  return <ReportViewer key={`${pathname}${search}`} reportCode={request.reportCode} filters={request.filters} variant="page" />;
}
