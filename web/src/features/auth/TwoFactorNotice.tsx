import { MessageBar, MessageBarBody, makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  text: {
    whiteSpace: 'pre-line',
  },
});

// What the dialog has to tell: a change done, a step to start again, or a failure.
export interface Notice {
  intent: 'success' | 'warning' | 'error';
  text: string;
}

// Said as it appears: a failure or a step to start again at once, a change done politely.
export function TwoFactorNotice({ notice }: { notice: Notice }) {
  const styles = useStyles();
  return (
    <MessageBar intent={notice.intent} role={notice.intent === 'success' ? 'status' : 'alert'}>
      <MessageBarBody className={styles.text}>{notice.text}</MessageBarBody>
    </MessageBar>
  );
}
