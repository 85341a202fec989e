import { DialogActions, DialogBody, DialogContent, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode, Ref } from 'react';

import { sessionsTexts as texts } from './sessionsTexts';

const useStyles = makeStyles({
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
  },
  // The answers wrap at the right on a narrow screen rather than being cut.
  actions: {
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
  },
});

// What Your sessions shows (loading, a failure, the list), under its one title. Given a ref, the
// title can take the focus (tabIndex -1): where it goes once the button that had it has gone with
// the sessions it ended.
export function SessionsFrame({
  children,
  actions,
  titleRef,
  busy = false,
}: {
  children: ReactNode;
  actions: ReactNode;
  titleRef?: Ref<HTMLHeadingElement>;
  busy?: boolean;
}) {
  const styles = useStyles();
  return (
    <DialogBody>
      <DialogTitle ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
        {texts.title}
      </DialogTitle>
      <DialogContent className={styles.content} aria-busy={busy || undefined}>
        {children}
      </DialogContent>
      <DialogActions fluid className={styles.actions}>
        {actions}
      </DialogActions>
    </DialogBody>
  );
}
