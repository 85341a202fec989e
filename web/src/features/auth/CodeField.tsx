import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { Ref } from 'react';

import { appCodeOf } from './codeInput';
import { MAX_RECOVERY_CODE_LENGTH, twoFactorTexts as texts } from './twoFactorTexts';

const useStyles = makeStyles({
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    letterSpacing: '0.1em',
  },
});

export type CodeKind = 'app' | 'recovery';

// The one field of a second factor: the app's six digits, or a recovery code. Where it is all the
// page asks for it takes the focus as it appears, so that switching between the two kinds lands
// where the typing goes.
export function CodeField({
  kind,
  value,
  onChange,
  error,
  inputRef,
  autoFocus = false,
}: {
  kind: CodeKind;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  inputRef: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}) {
  const styles = useStyles();
  const app = kind === 'app';
  return (
    <Field
      key={kind}
      label={app ? texts.code : texts.recoveryCode}
      validationState={error ? 'error' : 'none'}
      validationMessage={error ?? undefined}
    >
      <Input
        ref={inputRef}
        name={app ? 'code' : 'recoveryCode'}
        className={styles.code}
        value={value}
        onChange={(_, data) => onChange(app ? appCodeOf(data.value) : data.value)}
        // The app's code is typed on a number pad, and a phone may offer it; a recovery code is
        // nothing a browser should remember or suggest.
        inputMode={app ? 'numeric' : 'text'}
        autoComplete={app ? 'one-time-code' : 'off'}
        autoCapitalize="off"
        spellCheck={false}
        // The app's code has no maxLength: the browser would cut a pasted "123 456" before its
        // space is taken out.
        maxLength={app ? undefined : MAX_RECOVERY_CODE_LENGTH}
        autoFocus={autoFocus}
      />
    </Field>
  );
}
