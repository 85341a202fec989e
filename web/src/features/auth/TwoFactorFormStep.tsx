import type { ReactNode } from 'react';

import { AccountDialogStep, SubmitOrCancel } from './AccountDialogStep';
import { twoFactorAccountTexts as texts } from './twoFactorAccountTexts';
import { TwoFactorHeading } from './TwoFactorHeading';
import { TwoFactorNotice, type Notice } from './TwoFactorNotice';

// A step of the two-step verification dialog that asks for one thing before a change: its heading
// under the dialog's title, what went wrong (or why the person is here again) above what it asks,
// and the answers to send it (Enter does too) or go back.
export function TwoFactorFormStep({
  heading,
  notice,
  submit,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  heading: string;
  notice?: Notice;
  submit: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <AccountDialogStep
      title={texts.title}
      onSubmit={onSubmit}
      busy={busy}
      actions={<SubmitOrCancel busy={busy} submit={submit} cancel={texts.cancel} onCancel={onCancel} />}
    >
      <TwoFactorHeading level={3}>{heading}</TwoFactorHeading>
      {notice && <TwoFactorNotice notice={notice} />}
      {children}
    </AccountDialogStep>
  );
}
