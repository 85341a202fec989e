import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';

import { LowercasePaths } from '../components/LowercasePaths';
import { DocumentTitle } from './DocumentTitle';

// The viewer needs a session, like every report screen; its code loads only when it is asked for.
const GuardedReportViewer = lazy(() =>
  Promise.all([import('../features/auth/RequireSession'), import('./ReportViewerPage')]).then(([session, viewer]) => ({
    default: () => (
      <session.RequireSession>
        <viewer.ReportViewerPage />
      </session.RequireSession>
    ),
  })),
);

// Spec 1 §2: the viewer's route is any path containing reports/part/viewer/, at any depth.
export function isReportViewerPath(pathname: string): boolean {
  return pathname.toLowerCase().includes('reports/part/viewer/');
}

// Every route's parent: keeps the tab's title, lower-cases paths, and shows the report viewer
// for any address that contains its path, which a route pattern cannot express.
export function RootRoute() {
  const { pathname } = useLocation();
  return (
    <>
      <DocumentTitle />
      {isReportViewerPath(pathname) ? (
        <Suspense fallback={null}>
          <GuardedReportViewer />
        </Suspense>
      ) : (
        <LowercasePaths />
      )}
    </>
  );
}
