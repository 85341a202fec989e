import { Body1, Button, Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import { CopyButton } from './CopyButton';
import { recoveryCodesClipboardText, recoveryCodesFileText } from './recoveryCodesFile';
import { downloadTextFile } from './textFile';
import { TwoFactorHeading } from './TwoFactorHeading';
import { twoFactorTexts as texts } from './twoFactorTexts';

const useStyles = makeStyles({
  codes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    listStyleType: 'none',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground3,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  code: {
    overflowWrap: 'anywhere',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
});

// The ten recovery codes, shown this once: the sign-in (or the dialog) goes on only when the
// person says they have kept them. In a dialog the heading sits under its title (level 3), and a
// notice about the change comes straight after the heading, where reading starts.
export function RecoveryCodes({
  codes,
  account,
  issuer,
  onContinue,
  continueText = texts.continue,
  headingLevel = 1,
  notice,
}: {
  codes: string[];
  account?: string;
  issuer?: string;
  onContinue: () => void;
  continueText?: string;
  headingLevel?: 1 | 3;
  notice?: ReactNode;
}) {
  const styles = useStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  const [saved, setSaved] = useState(false);

  // This step replaces the one before: a screen reader starts reading here.
  useEffect(() => heading.current?.focus(), []);

  return (
    <>
      <TwoFactorHeading headingRef={heading} level={headingLevel}>
        {texts.saveCodesHeading}
      </TwoFactorHeading>
      {notice}
      <Body1>{texts.saveCodesIntro}</Body1>
      <ul className={styles.codes} aria-label={texts.codesLabel}>
        {codes.map((code, index) => (
          <li key={`${index}-${code}`} className={styles.code}>
            {code}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <CopyButton text={recoveryCodesClipboardText(codes)} label={texts.copyCodes} />
        <Button
          icon={<ArrowDownloadRegular />}
          onClick={() => downloadTextFile(texts.codesFileName, recoveryCodesFileText(codes, account, issuer))}
        >
          {texts.downloadCodes}
        </Button>
      </div>
      <Checkbox checked={saved} onChange={(_, data) => setSaved(data.checked === true)} label={texts.savedCodes} />
      <Button appearance="primary" disabled={!saved} onClick={onContinue}>
        {continueText}
      </Button>
    </>
  );
}
