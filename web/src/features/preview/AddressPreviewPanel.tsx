import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';

import { addressText } from '../../components/layout/fields/AddressControl';
import { environmentSettingsQuery } from '../../lib/settings';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  map: {
    width: '100%',
    height: '260px',
    border: 0,
  },
  muted: {
    color: tokens.colorNeutralForeground3,
  },
});

// The address preview (spec 2 "Previews"): a map of a full address when the environment has a
// maps key; otherwise it says so.
export function AddressPreviewPanel({ address }: { address: Record<string, string> }) {
  const styles = useStyles();
  const { data: settings } = useQuery(environmentSettingsQuery);
  const text = addressText(address);
  const key = settings?.googleMapApiKey ?? '';
  return (
    <div className={styles.panel}>
      <Body1>{text}</Body1>
      {key ? (
        <iframe
          className={styles.map}
          title={`Map of ${text}`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          src={`https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(key)}&q=${encodeURIComponent(text)}`}
        />
      ) : (
        <Body1 className={styles.muted}>
          Maps are not set up for this environment.
        </Body1>
      )}
    </div>
  );
}
