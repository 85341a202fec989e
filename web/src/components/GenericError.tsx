import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';

import { ErrorReference } from './ErrorReference';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
  },
  icon: {
    color: tokens.colorPaletteRedForeground1,
    fontSize: '20px',
    flexShrink: 0,
  },
});

// Ours: the spec shows the current error message without giving a text for when there is none.
export const defaultErrorMessage =
  'Sorry, something went wrong. Please try again, or contact your system administrator if it keeps happening.';

// The body of the generic error page, also shown inside the login page's error panel.
// The error itself, when there is one, gives its reference on verbose environments.
export function GenericError({ message, error }: { message?: string | null; error?: unknown }) {
  const styles = useStyles();
  return (
    <div className={styles.row}>
      <ErrorCircleRegular className={styles.icon} aria-hidden />
      <Body1>
        {message || defaultErrorMessage}
        <ErrorReference error={error} />
      </Body1>
    </div>
  );
}
