import { Spinner, makeStyles, tokens } from '@fluentui/react-components';

import { useScreenClass } from '../lib/screen';

const useStyles = makeStyles({
  frame: {
    display: 'flex',
    flexDirection: 'column',
    height: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  bar: {
    minHeight: '48px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  body: {
    display: 'flex',
    flexGrow: 1,
    minHeight: 0,
  },
  menu: {
    width: '260px',
    flexShrink: 0,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  main: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

// What a page shows while the app starts or the session is being checked: the shell's frame (top
// bar, menu column, page) with a spinner where the page will be, so that a reload does not flash a
// bare word and the columns do not move when the page comes.
export function AppFrameLoading() {
  const styles = useStyles();
  const screen = useScreenClass();
  return (
    <div className={styles.frame} data-testid="app-frame-loading">
      <div className={styles.bar} />
      <div className={styles.body}>
        {screen === 'large' && <div className={styles.menu} />}
        <div className={styles.main}>
          <Spinner label="Loading…" />
        </div>
      </div>
    </div>
  );
}
