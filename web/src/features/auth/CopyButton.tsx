import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, CopyRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';

import { visuallyHidden } from '../../lib/visuallyHidden';
import { twoFactorTexts as texts } from './twoFactorTexts';

const useStyles = makeStyles({
  spoken: visuallyHidden,
  failed: {
    color: tokens.colorStatusDangerForeground1,
  },
});

// How long the button says Copied before it offers to copy again.
const COPIED_FOR_MS = 2_000;

// Copies a text to the clipboard and says so, on the button and to a screen reader. A browser
// that refuses (no clipboard outside https, or permission denied) leaves the person to select
// the text themselves.
export function CopyButton({ text, label }: { text: string; label: string }) {
  const styles = useStyles();
  const [state, setState] = useState<'ready' | 'copied' | 'failed'>('ready');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('ready'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  const copied = state === 'copied';
  return (
    <>
      <Button icon={copied ? <CheckmarkRegular /> : <CopyRegular />} onClick={copy}>
        {copied ? texts.copied : label}
      </Button>
      <span role="status" className={styles.spoken}>
        {copied ? texts.copied : ''}
      </span>
      {state === 'failed' && (
        <Text role="alert" className={styles.failed}>
          {texts.copyFailed}
        </Text>
      )}
    </>
  );
}
