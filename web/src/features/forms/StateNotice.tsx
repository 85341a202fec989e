import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, mergeClasses } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';

const useStyles = makeStyles({
  notice: {
    transitionProperty: 'opacity',
    transitionDuration: '300ms',
    transitionDelay: '200ms',
  },
  hidden: {
    opacity: 0,
  },
});

export interface Notice {
  id: number;
  kind: 'success' | 'error';
  message: string;
}

// The state-change notification area (spec 1 §2, §4): a green notice that fades away by itself
// (reinstated), or a closable error-style one (obsolete). It fades in 300 ms after 200 ms.
export function StateNotice({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const styles = useStyles();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!notice) return;
    const show = requestAnimationFrame(() => setVisible(true));
    const hide = notice.kind === 'success' ? setTimeout(() => setVisible(false), 5000) : undefined;
    const gone = notice.kind === 'success' ? setTimeout(onClose, 5600) : undefined;
    return () => {
      cancelAnimationFrame(show);
      clearTimeout(hide);
      clearTimeout(gone);
      setVisible(false);
    };
  }, [notice, onClose]);
  if (!notice) return null;
  return (
    <div className={mergeClasses(styles.notice, !visible && styles.hidden)} aria-live="polite">
      <MessageBar intent={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'}>
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
