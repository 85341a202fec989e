import { Button, Input, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, EyeRegular, OpenRegular } from '@fluentui/react-icons';
import { useState } from 'react';

import { appHref } from '../../../lib/environment';
import { useLayout } from '../LayoutContext';
import type { ControlProps } from './TextControls';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  input: {
    minWidth: '160px',
    flexGrow: 1,
  },
  muted: {
    color: tokens.colorNeutralForeground3,
  },
});

interface Link {
  id?: string | number;
  display?: string;
  kind?: 'case' | 'person';
  identifier?: string;
  unavailable?: boolean;
}

// A person or case who holds a role on this record: shown by name with a way to preview and open
// it; changed by entering the other record's number. (Choosing by search comes with role holders.)
export function RoleControl({ component, value, readOnly, onChange }: ControlProps) {
  const styles = useStyles();
  const { onPreviewLink } = useLayout();
  const link = (value && typeof value === 'object' ? value : null) as Link | null;
  const kind = component.type === 'PersonRoleField' ? 'person' : 'case';
  const [typed, setTyped] = useState('');
  const noun = kind === 'person' ? 'person number' : 'case number';

  if (link?.unavailable || (link?.id !== undefined && link.id !== null && link.id !== '')) {
    const identifier = link.identifier ?? String(link.id ?? '');
    return (
      <div className={styles.row}>
        {link.unavailable ? (
          <Text className={styles.muted} tabIndex={0}>
            {kind === 'person' ? 'A person' : 'A case'} you cannot see
          </Text>
        ) : link.display ? (
          <Link href={appHref(`/${kind}/${encodeURIComponent(identifier.toLowerCase())}`)} target="_blank" rel="noopener">
            {link.display}
            <OpenRegular aria-label="(opens in a new tab)" />
          </Link>
        ) : (
          <Text tabIndex={0}>
            {kind === 'person' ? 'Person' : 'Case'} {identifier} (linked when saved)
          </Text>
        )}
        {onPreviewLink && link.display && !link.unavailable && (
          <Button
            size="small"
            appearance="subtle"
            icon={<EyeRegular />}
            aria-label={`Preview ${link.display}`}
            onClick={() => onPreviewLink(kind, identifier)}
          >
            Preview
          </Button>
        )}
        {!readOnly && (
          <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={() => onChange(null)} aria-label={`Remove ${link.unavailable ? `the ${kind} you cannot see` : link.display ?? identifier} from ${component.label}`}>
            Remove
          </Button>
        )}
      </div>
    );
  }
  if (readOnly) {
    return (
      <Text className={styles.muted} tabIndex={0}>
        None
      </Text>
    );
  }
  const commit = () => {
    const trimmed = typed.trim();
    if (trimmed === '') return;
    onChange({ id: kind === 'person' && /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed });
    setTyped('');
  };
  return (
    <div className={styles.row}>
      <Input
        className={styles.input}
        placeholder={`Enter the ${noun}`}
        aria-label={`${component.label}: enter the ${noun}`}
        value={typed}
        onChange={(_, data) => setTyped(data.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
    </div>
  );
}
