import { Body1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

import { reportingDisabled } from '../../lib/api';
import { useStore } from '../../lib/store';

const useStyles = makeStyles({
  notice: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
  },
});

// Once a reporting call was refused (401 or 403), reporting is off for this tab (spec 1 §4): the
// area says so calmly, and the person's other work and session go on.
export function ReportingGate({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const disabled = useStore(reportingDisabled);
  if (!disabled) return children;
  return (
    <section className={styles.notice} aria-labelledby="reporting-off">
      <Subtitle1 as="h1" id="reporting-off">
        Reporting is not available
      </Subtitle1>
      <Body1>Reports could not be opened with your session. The rest of Dossier works as before; reload the page to try reports again.</Body1>
    </section>
  );
}
