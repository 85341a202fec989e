import { makeStyles, tokens } from '@fluentui/react-components';

import { ReportingGate } from '../features/reports/ReportingGate';
import { ReportViewerScreen } from '../features/reports/ReportViewerScreen';

const useStyles = makeStyles({
  // A page of the window's size that never scrolls: the viewer's parts scroll themselves (spec 1
  // §2: the viewer hides the shell, white page). White is the default theme's background; the
  // high-contrast theme keeps its own, so that its text stays readable.
  page: {
    position: 'fixed',
    inset: 0,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
});

// The report viewer's page, for any address that contains reports/part/viewer/.
export function ReportViewerPage() {
  const styles = useStyles();
  return (
    <main className={styles.page} data-testid="report-viewer">
      <ReportingGate>
        <ReportViewerScreen />
      </ReportingGate>
    </main>
  );
}
