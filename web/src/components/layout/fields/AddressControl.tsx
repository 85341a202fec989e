import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { LocationRegular } from '@fluentui/react-icons';

import { useLayout } from '../LayoutContext';
import type { ControlProps } from './TextControls';

const useStyles = makeStyles({
  address: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  wide: {
    gridColumn: '1 / -1',
  },
  actions: {
    gridColumn: '1 / -1',
  },
});

export const addressParts = [
  { key: 'line1', label: 'Address line 1', wide: true },
  { key: 'line2', label: 'Address line 2', wide: true },
  { key: 'town', label: 'Town or city', wide: false },
  { key: 'county', label: 'County', wide: false },
  { key: 'postcode', label: 'Postcode', wide: false },
  { key: 'country', label: 'Country', wide: false },
] as const;

export function addressText(address: Record<string, string>): string {
  return addressParts.map((part) => address[part.key]).filter(Boolean).join(', ');
}

// An address: its lines, and a button that shows it on a map in the information bar.
export function AddressControl({ component, value, readOnly, onChange }: ControlProps) {
  const styles = useStyles();
  const { onPreviewAddress } = useLayout();
  const address = (value && typeof value === 'object' ? value : {}) as Record<string, string>;
  const set = (key: string, text: string) => {
    const { [key]: _, ...others } = address;
    const next = text === '' ? others : { ...others, [key]: text };
    onChange(Object.keys(next).length > 0 ? next : null);
  };
  return (
    // Inside the field's named group (FieldControl), so that "Postcode" reads as the postcode of this
    // address, not of another one.
    <div className={styles.address}>
      {addressParts.map((part) => (
        <Field key={part.key} label={part.label} className={part.wide ? styles.wide : undefined}>
          <Input
            value={address[part.key] ?? ''}
            maxLength={100}
            readOnly={readOnly}
            onChange={(_, data) => set(part.key, data.value)}
          />
        </Field>
      ))}
      {onPreviewAddress && addressText(address) !== '' && (
        <div className={styles.actions}>
          <Button icon={<LocationRegular />} onClick={() => onPreviewAddress(component.label, address)}>
            Show on map
          </Button>
        </div>
      )}
    </div>
  );
}
