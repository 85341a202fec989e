import { Button, MessageBar, MessageBarBody, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
    maxWidth: '680px',
  },
});

// A child screen reached where its address cannot say what it is for (a lookup opened from a form
// no longer open): it says so, and offers the way back to the record it sits under — never a
// failure after the person has done their part.
export function ContextLost({ heading, label, message, returnTo, backLabel }: { heading: string; label: string; message: string; returnTo: string; backLabel: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <section className={styles.page} aria-label={label}>
      <Title2 as="h1">{heading}</Title2>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>{message}</MessageBarBody>
      </MessageBar>
      <Button appearance="primary" onClick={() => navigate(returnTo, { replace: true })}>
        {backLabel}
      </Button>
    </section>
  );
}
