import { Title3, makeStyles, tokens } from '@fluentui/react-components';
import { Outlet } from 'react-router';

import { useToken } from '../lib/session';
import { Shell } from './shell/Shell';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  header: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

// The open pages (error, page not found) sit in the shell for a signed-in person and in a plain
// frame for anyone else (spec 1 §2: they need no sign-in).
export function OpenLayout() {
  const styles = useStyles();
  const token = useToken();
  if (token) return <Shell />;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Title3 as="p">Dossier</Title3>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
