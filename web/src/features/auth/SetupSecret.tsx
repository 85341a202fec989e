import { Body1, makeStyles, tokens } from '@fluentui/react-components';

import { CopyButton } from './CopyButton';
import type { TwoFactorSecret } from './twoFactorApi';
import { twoFactorTexts as texts } from './twoFactorTexts';

const useStyles = makeStyles({
  secret: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  qr: {
    alignSelf: 'center',
    width: '200px',
    height: '200px',
    maxWidth: '100%',
    boxSizing: 'content-box',
    padding: tokens.spacingHorizontalM,
    // A scanner needs dark on light, whatever the theme: white is the QR code's, not the page's.
    backgroundColor: '#ffffff',
    forcedColorAdjust: 'none',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  keyRow: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  key: {
    flex: '1 1 12em',
    minWidth: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground3,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    overflowWrap: 'anywhere',
    // One click takes the whole key, for a person copying it by hand.
    userSelect: 'all',
  },
  details: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  term: {
    color: tokens.colorNeutralForeground2,
  },
  value: {
    margin: 0,
    overflowWrap: 'anywhere',
  },
});

// The key to set the authenticator app up with: scanned as a QR code, or typed in.
export function SetupSecret({ secret }: { secret: TwoFactorSecret }) {
  const styles = useStyles();
  return (
    <div className={styles.secret}>
      <Body1>{texts.scan}</Body1>
      {/* The SVG is our server's drawing; as an image it runs nothing and stays out of the page. */}
      <img
        className={styles.qr}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qrCode)}`}
        alt={texts.qrAlt}
        width={200}
        height={200}
      />
      <Body1>{texts.typeKey}</Body1>
      <div className={styles.keyRow}>
        <code className={styles.key}>{secret.secret}</code>
        {/* Without the spaces that group it for reading: some apps refuse them. */}
        <CopyButton text={secret.secret.replace(/\s/g, '')} label={texts.copyKey} />
      </div>
      <dl className={styles.details}>
        <dt className={styles.term}>{texts.account}</dt>
        <dd className={styles.value}>{secret.account}</dd>
        <dt className={styles.term}>{texts.issuer}</dt>
        <dd className={styles.value}>{secret.issuer}</dd>
      </dl>
    </div>
  );
}
