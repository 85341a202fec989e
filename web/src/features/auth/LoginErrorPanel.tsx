import { Button, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';

import { RETRY_COOKIE, isSafeReturnAddress, readCookie } from '../../lib/cookies';
import { GenericError } from '../../components/GenericError';
import { texts } from './texts';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder2}`,
    backgroundColor: tokens.colorPaletteRedBackground1,
  },
});

// Shown on the login page when the environment's settings cannot be loaded (spec 1 §2, §8): the
// generic error, and Retry only when a retry address was saved.
export function LoginErrorPanel({ message }: { message: string }) {
  const styles = useStyles();
  const retry = readCookie(RETRY_COOKIE);
  return (
    <section className={styles.panel} role="alert" aria-labelledby="login-error-title">
      <Subtitle1 as="h2" id="login-error-title">
        {texts.error}
      </Subtitle1>
      <GenericError message={message} />
      {isSafeReturnAddress(retry) && (
        <Button appearance="primary" onClick={() => window.location.assign(retry)}>
          {texts.retry}
        </Button>
      )}
    </section>
  );
}
