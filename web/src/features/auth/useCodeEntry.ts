import { useRef, useState } from 'react';

import type { CodeKind } from './CodeField';
import { APP_CODE_LENGTH, twoFactorTexts as texts } from './twoFactorTexts';

function shortAppCode(given: string): boolean {
  return /^[\d\s]+$/.test(given) && given.replace(/\s/g, '').length < APP_CODE_LENGTH;
}

// The state of a code field: what is typed, what is wrong with it, and the focus put back on it
// when it has to be typed again.
export function useCodeEntry() {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  function complain(message: string) {
    setError(message);
    input.current?.focus();
  }

  return {
    input,
    value,
    setValue,
    error,
    // What a CodeField showing this entry takes: <CodeField kind=… {...entry.field} />.
    field: { value, onChange: setValue, error, inputRef: input },
    // The code to send, or null when there is none worth sending (the field then says why). A
    // short code would spend one of the few tries on a certain refusal. A current code of fewer
    // than six digits is neither the app's nor a recovery code (ten characters).
    checked(kind: CodeKind): string | null {
      const given = value.trim();
      if (given === '') complain(texts.enterCode);
      else if (kind === 'app' && given.length < APP_CODE_LENGTH) complain(texts.enterSixDigits);
      else if (kind === 'current' && shortAppCode(given)) complain(texts.enterSixDigits);
      else {
        setError(null);
        return given;
      }
      return null;
    },
    // The server refused the code: it is typed again from an empty field.
    refuse(message: string) {
      setValue('');
      complain(message);
    },
    clear() {
      setValue('');
      setError(null);
    },
  };
}
