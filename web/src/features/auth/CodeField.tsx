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

// What the field takes: the app's six digits, a recovery code, or (proving who one is before a
// change) either of them.
export type CodeKind = 'app' | 'recovery' | 'current';

const labels: Record<CodeKind, string> = {
  app: texts.code,
  recovery: texts.recoveryCode,
  current: texts.currentCode,
};

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
  hint,
}: {
  kind: CodeKind;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  inputRef: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  hint?: string;
}) {
  const styles = useStyles();
  const app = kind === 'app';
  const recovery = kind === 'recovery';
  return (
    <Field
      key={kind}
      label={labels[kind]}
      hint={hint}
      validationState={error ? 'error' : 'none'}
      validationMessage={error ?? undefined}
    >
      <Input
        ref={inputRef}
        name={recovery ? 'recoveryCode' : 'code'}
        className={styles.code}
        value={value}
        onChange={(_, data) => onChange(app ? appCodeOf(data.value) : data.value)}
        // The app's code is typed on a number pad, and a phone may offer it; a recovery code is
        // nothing a browser should remember or suggest. A current code may be either: letters are
        // kept within reach, and a password manager that keeps the app's codes may still offer one.
        inputMode={app ? 'numeric' : 'text'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
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
