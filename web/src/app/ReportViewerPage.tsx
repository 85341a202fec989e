import { makeStyles } from '@fluentui/react-components';

import { NotAvailableYet } from '../components/NotAvailableYet';

const useStyles = makeStyles({
  // A white page of the window's size that never scrolls: the viewer inside scrolls itself
  // (spec 1 §2: the viewer hides the shell, white page).
  page: {
    position: 'fixed',
    inset: 0,
    overflow: 'hidden',
    backgroundColor: '#ffffff',
    color: '#242424',
  },
});

// The report viewer's page, for any address that contains reports/part/viewer/.
export function ReportViewerPage() {
  const styles = useStyles();
  return (
    <main className={styles.page} data-testid="report-viewer">
      <NotAvailableYet title="Report viewer" feature="Reporting" />
    </main>
  );
}
