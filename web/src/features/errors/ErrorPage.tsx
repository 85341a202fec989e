import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';

import { AppLink } from '../../components/AppLink';
import { currentError } from '../../lib/errorState';
import { useStore } from '../../lib/store';
import { GenericError } from '../../components/GenericError';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXL,
    maxWidth: '640px',
  },
});

// The generic error page (spec 2 §2): the current error message (or the one given, when a screen
// failed in place); in not-found mode the spec's sentence with a link home.
export function ErrorPage({ mode = 'error', message: given }: { mode?: 'error' | 'pagenotfound'; message?: string | null }) {
  const styles = useStyles();
  const current = useStore(currentError);
  const message = given === undefined ? current : given;
  return (
    <section className={styles.page} aria-labelledby="error-title">
      {mode === 'pagenotfound' ? (
        <>
          <Title2 as="h1" id="error-title">
            Page not found
          </Title2>
          <Body1>
            Page not found. <AppLink to="/home">Click here</AppLink> to return to the home page.
          </Body1>
        </>
      ) : (
        <>
          <Title2 as="h1" id="error-title">
            Error
          </Title2>
          <GenericError message={message} />
          <Body1>
            <AppLink to="/home">Return to the home page</AppLink>
          </Body1>
        </>
      )}
    </section>
  );
}

export function NotFoundPage() {
  return <ErrorPage mode="pagenotfound" />;
}
