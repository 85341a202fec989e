import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, mergeClasses } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';

import { useMessageBarLook } from '../../components/messageLook';

// Spec 1 §9: the state-change notice fades, over 300 ms, after a 200 ms delay — in as it appears
// (the form has settled after its reload by then), and out before a green one goes by itself.
export const noticeFadeDelayMs = 200;
export const noticeFadeMs = 300;
// How long a green notice stays, fully shown, before it fades out.
export const noticeShownMs = 5000;

const useStyles = makeStyles({
  notice: {
    opacity: 0,
    transitionProperty: 'opacity',
    transitionDuration: `${noticeFadeMs}ms`,
    transitionTimingFunction: 'ease-in-out',
  },
  shown: {
    opacity: 1,
  },
});

export interface Notice {
  id: number;
  kind: 'success' | 'error';
  message: string;
}

// The state-change notification area (spec 1 §2, §4): a green notice that fades away by itself
// (reinstated, reopened), or a closable error-style one (obsolete).
export function StateNotice({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const styles = useStyles();
  const look = useMessageBarLook();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!notice) return undefined;
    const timers = [window.setTimeout(() => setShown(true), noticeFadeDelayMs)];
    if (notice.kind === 'success') {
      const fadeOut = noticeFadeDelayMs + noticeFadeMs + noticeShownMs;
      timers.push(window.setTimeout(() => setShown(false), fadeOut));
      timers.push(window.setTimeout(onClose, fadeOut + noticeFadeMs));
    }
    return () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      setShown(false);
    };
  }, [notice, onClose]);
  if (!notice) return null;
  return (
    <div className={mergeClasses(styles.notice, shown && styles.shown)} aria-live="polite" data-shown={shown}>
      <MessageBar className={look[notice.kind]} intent={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'}>
        <MessageBarBody>{notice.message}</MessageBarBody>
        {notice.kind === 'error' && (
          <MessageBarActions
            containerAction={<Button appearance="transparent" aria-label="Dismiss" icon={<DismissRegular />} onClick={onClose} />}
          />
        )}
      </MessageBar>
    </div>
  );
}
