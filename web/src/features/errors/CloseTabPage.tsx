import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';

const useStyles = makeStyles({
  page: {
    padding: tokens.spacingVerticalXXL,
  },
});

// closeTab closes the browser window (spec 1 §2). A browser only lets a page close a tab that a
// page opened, so otherwise it says so.
export function CloseTabPage() {
  const styles = useStyles();
  const [stillOpen, setStillOpen] = useState(false);
  useEffect(() => {
    window.close();
    const timer = setTimeout(() => setStillOpen(true), 300);
    return () => clearTimeout(timer);
  }, []);
  return <div className={styles.page}>{stillOpen && <Body1>You can close this tab now.</Body1>}</div>;
}
