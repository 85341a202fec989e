import { Body1, Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { KeyMultipleRegular, PhoneArrowRightRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';

import { formatDate, useDateFormat } from '../../lib/format';
import { localDayOf } from './localDay';
import { fewRecoveryCodesLeft } from './RecoveryCodesLeft';
import type { TwoFactorStatus } from './twoFactorAccountApi';
import { twoFactorAccountTexts as texts } from './twoFactorAccountTexts';
import { AccountDialogStep } from './AccountDialogStep';
import { TwoFactorNotice, type Notice } from './TwoFactorNotice';

const useStyles = makeStyles({
  facts: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  on: {
    fontWeight: tokens.fontWeightSemibold,
  },
  changes: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
});

// A change that needs a current code first.
export type ProvenAction = 'move' | 'codes' | 'off';

// What the person has now, and what they can change: turn it on, or once on, move it to a new
// phone, make new recovery codes, or turn it off where it is not required.
export function TwoFactorOverview({
  status,
  notice,
  onTurnOn,
  onAction,
  onClose,
}: {
  status: TwoFactorStatus;
  notice?: Notice;
  // Asks for the current password first.
  onTurnOn: () => void;
  onAction: (action: ProvenAction) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const dateFormat = useDateFormat();
  const first = useRef<HTMLButtonElement>(null);

  // Back from a step, or turned on or off, the button that led here has gone: the focus goes to
  // the first choice, as Fluent puts it there when the dialog opens.
  useEffect(() => first.current?.focus(), [status.enabled]);

  const close = (
    <Button key="close" onClick={onClose}>
      {texts.close}
    </Button>
  );

  if (!status.enabled) {
    const offered = status.offered;
    return (
      <AccountDialogStep
        title={texts.title}
        actions={[
          offered && (
            <Button key="on" ref={first} appearance="primary" onClick={onTurnOn}>
              {texts.turnOn}
            </Button>
          ),
          close,
        ]}
      >
        {notice && <TwoFactorNotice notice={notice} />}
        <Body1>{offered ? texts.off : texts.notOffered}</Body1>
      </AccountDialogStep>
    );
  }

  const day = status.confirmedAt === null ? null : localDayOf(status.confirmedAt);
  const left = status.recoveryCodesLeft;
  return (
    <AccountDialogStep title={texts.title} actions={close}>
      {notice && <TwoFactorNotice notice={notice} />}
      <ul className={styles.facts}>
        <li className={styles.on}>{day === null ? texts.on : texts.onSince(formatDate(day, dateFormat))}</li>
        {!fewRecoveryCodesLeft(left) && <li>{texts.codesLeft(left)}</li>}
        {status.required && <li>{texts.required}</li>}
      </ul>
      {fewRecoveryCodesLeft(left) && (
        // Part of what the dialog shows, not news: read with the rest rather than interrupting.
        <MessageBar intent="warning" politeness="polite">
          <MessageBarBody>
            {texts.codesLeft(left)}. {texts.fewCodesLeft}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.changes}>
        <Button ref={first} icon={<PhoneArrowRightRegular />} onClick={() => onAction('move')}>
          {texts.moveToNewPhone}
        </Button>
        <Button icon={<KeyMultipleRegular />} onClick={() => onAction('codes')}>
          {texts.newCodes}
        </Button>
        {!status.required && <Button onClick={() => onAction('off')}>{texts.turnOff}</Button>}
      </div>
    </AccountDialogStep>
  );
}
