import { Body1, Button, Field, Input, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { HeaderAlerts } from '../../components/HeaderAlerts';
import { Loading, LoadingMask } from '../../components/LoadingMask';
import { PublicPage } from '../../components/PublicPage';
import { clearAlerts, showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import type { ChangePasswordRequest } from '../../lib/api/types';
import { currentUserQuery } from '../../lib/currentUser';
import { environmentSettingsQuery } from '../../lib/settings';
import { canChangePassword, changePassword } from './api';
import { BotCheck } from './BotCheck';
import { isBotCheckAnswer } from './botCheck';
import { forgetReturnTo, returnAddress } from '../../lib/session';
import { failureText } from './signInOutcome';
import { MAX_CREDENTIAL_LENGTH, MAX_NEW_PASSWORD_LENGTH, texts } from './texts';
import { useBotCheck, type CheckedRequest } from './useBotCheck';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  heading: {
    margin: 0,
  },
  buttons: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    justifyContent: 'flex-end',
  },
});

interface FieldErrors {
  currentPassword?: string;
  newPassword?: string;
  confirmNewPassword?: string;
}

// Spec 1 §5: both required, equal, at most 50 characters (the input stops at 50).
export function validatePasswordChange(newPassword: string, confirmNewPassword: string): FieldErrors {
  const errors: FieldErrors = {};
  if (newPassword === '') errors.newPassword = texts.required;
  if (confirmNewPassword === '') errors.confirmNewPassword = texts.required;
  if (!errors.newPassword && !errors.confirmNewPassword && newPassword !== confirmNewPassword) {
    errors.confirmNewPassword = texts.mismatch;
  }
  return errors;
}

// The forced change of password (spec 1 §2). Saving returns to the address the person first
// wanted; Cancel signs out.
export function ChangePasswordPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = useQuery({ queryKey: ['changepassword-allowed'], queryFn: canChangePassword, staleTime: 0 });
  const { data: user } = useQuery(currentUserQuery);
  const settings = useQuery(environmentSettingsQuery);
  const botCheck = useBotCheck('changepassword', settings.data?.botCheck);
  // Forced (spec 1 §2) unless the person came of their own accord, from the home page.
  const forced = user?.mustChangePassword !== false;
  // A change of one's own accord needs the current password (so that a stolen session alone
  // cannot take the account over); a forced one right after signing in does not, unless the
  // server asks for it (the sign-in was a while ago).
  const [askedForCurrent, setAskedForCurrent] = useState(false);
  const needsCurrent = !forced || askedForCurrent;
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  function save(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = validatePasswordChange(newPassword, confirmNewPassword);
    if (needsCurrent && currentPassword === '') found.currentPassword = texts.required;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    clearAlerts();
    botCheck.send(change({ newPassword, confirmNewPassword, ...(needsCurrent ? { currentPassword } : {}) }, true));
  }

  // One change, with the bot check's proof when there is a check; answers whether the page stays
  // for another try. When the server asks for a check, the form shows one and, once it is solved,
  // saves again by itself (once: a check refused again waits for the person).
  function change(request: ChangePasswordRequest, againWhenAsked: boolean): CheckedRequest {
    return async (proof) => {
      setBusy(true);
      clearAlerts();
      try {
        await changePassword(request, proof);
        await queryClient.invalidateQueries({ queryKey: ['currentuser'] });
        showAlert({ reference: 'password-changed', message: 'Your password has been changed.', type: 'success', durationInSeconds: 5 });
        navigate(returnAddress(), { replace: true });
        forgetReturnTo();
        return false;
      } catch (caught) {
        if (isBotCheckAnswer(caught)) {
          showAlert({ reference: 'change-password', message: failureText(caught.serverText, texts.botCheckAsked), type: 'error', closable: true });
          if (againWhenAsked) botCheck.askedFor(change(request, false));
        } else if (caught instanceof ApiError && caught.status === 422 && caught.serverText) {
          showAlert({ reference: 'change-password', message: caught.serverText, type: 'error', closable: true });
        } else if (caught instanceof ApiError && caught.status === 400 && caught.serverText) {
          if (caught.fieldErrors.currentPassword) setAskedForCurrent(true);
          setErrors({
            currentPassword: caught.fieldErrors.currentPassword,
            newPassword: caught.fieldErrors.newPassword,
            confirmNewPassword: caught.fieldErrors.confirmNewPassword,
          });
          showAlert({ reference: 'change-password', message: caught.serverText, type: 'error', closable: true });
        } else if (caught instanceof ApiError && (caught.status === 429 || caught.status === 503) && caught.serverText) {
          // Slowed down after wrong current passwords, or too many sign-ins at once: said as it is.
          showAlert({ reference: 'change-password', message: caught.serverText, type: 'warning', closable: true });
        } else if (!(caught instanceof ApiError && (caught.status === 401 || caught.status === 403))) {
          showAlert({ reference: 'change-password', message: texts.changeFailed, type: 'error', closable: true });
        }
      }
      setBusy(false);
      return true;
    };
  }

  // Whether the form has a bot check from the start is in the environment's settings.
  if (allowed.isPending || settings.isPending) {
    return (
      <PublicPage label="Change password">
        <Loading />
      </PublicPage>
    );
  }
  if (allowed.data !== true) {
    return (
      <PublicPage label="Change password">
        <Title2 as="h1" className={styles.heading}>
          {texts.pageNotAvailable}
        </Title2>
        {allowed.isError && <Body1>{allowed.error.message}</Body1>}
      </PublicPage>
    );
  }

  return (
    <PublicPage label="Change password">
      <Title2 as="h1" className={styles.heading}>
        {forced ? texts.changePasswordHeading : texts.changePasswordVoluntary}
      </Title2>
      <HeaderAlerts />
      <form className={styles.form} onSubmit={save} noValidate aria-label="Change password">
        {needsCurrent && (
          <PasswordField
            label={texts.currentPassword}
            name="currentPassword"
            autoComplete="current-password"
            maxLength={MAX_CREDENTIAL_LENGTH}
            value={currentPassword}
            onChange={setCurrentPassword}
            error={errors.currentPassword}
            disabled={busy}
            autoFocus
          />
        )}
        <PasswordField
          label={texts.newPassword}
          name="newPassword"
          autoComplete="new-password"
          maxLength={MAX_NEW_PASSWORD_LENGTH}
          value={newPassword}
          onChange={setNewPassword}
          error={errors.newPassword}
          disabled={busy}
          autoFocus={!needsCurrent}
        />
        <PasswordField
          label={texts.confirmPassword}
          name="confirmNewPassword"
          autoComplete="new-password"
          maxLength={MAX_NEW_PASSWORD_LENGTH}
          value={confirmNewPassword}
          onChange={setConfirmNewPassword}
          error={errors.confirmNewPassword}
          disabled={busy}
        />
        {botCheck.shown && <BotCheck {...botCheck.widget} />}
        <div className={styles.buttons}>
          <Button type="button" onClick={() => (forced ? navigate('/logout') : navigate(-1))} disabled={busy}>
            {texts.cancel}
          </Button>
          <Button type="submit" appearance="primary" disabled={busy}>
            {texts.save}
          </Button>
        </div>
      </form>
      {busy && <LoadingMask label="Saving…" />}
    </PublicPage>
  );
}

interface PasswordFieldProps {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  maxLength: number;
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled: boolean;
  autoFocus?: boolean;
}

function PasswordField({ label, error, onChange, ...input }: PasswordFieldProps) {
  return (
    <Field label={label} validationState={error ? 'error' : 'none'} validationMessage={error}>
      <Input type="password" {...input} onChange={(_, data) => onChange(data.value)} />
    </Field>
  );
}
