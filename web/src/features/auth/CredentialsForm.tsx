import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent, type ReactNode } from 'react';

import { MAX_CREDENTIAL_LENGTH, texts } from './texts';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
});

// Username and password (spec 1 §2, §5): both must be filled in; each at most 100 characters.
// The bot check, when there is one, stands between them and Sign in.
export function CredentialsForm({
  onSubmit,
  onInvalid,
  disabled,
  botCheck,
}: {
  onSubmit: (username: string, password: string) => void;
  onInvalid: (message: string) => void;
  disabled: boolean;
  botCheck?: ReactNode;
}) {
  const styles = useStyles();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);

  const usernameMissing = checked && username.trim() === '';
  const passwordMissing = checked && password === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (username.trim() === '' || password === '') {
      onInvalid(texts.enterBoth);
      return;
    }
    onSubmit(username.trim(), password);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign in with username and password">
      <Field
        label="Username"
        validationState={usernameMissing ? 'error' : 'none'}
        validationMessage={usernameMissing ? texts.usernameRequired : undefined}
      >
        <Input
          name="username"
          autoComplete="username"
          maxLength={MAX_CREDENTIAL_LENGTH}
          value={username}
          onChange={(_, data) => setUsername(data.value)}
          disabled={disabled}
          autoFocus
        />
      </Field>
      <Field
        label="Password"
        validationState={passwordMissing ? 'error' : 'none'}
        validationMessage={passwordMissing ? texts.passwordRequired : undefined}
      >
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={MAX_CREDENTIAL_LENGTH}
          value={password}
          onChange={(_, data) => setPassword(data.value)}
          disabled={disabled}
        />
      </Field>
      {botCheck}
      <Button type="submit" appearance="primary" disabled={disabled}>
        {texts.signIn}
      </Button>
    </form>
  );
}
