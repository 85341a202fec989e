import { Button, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, EyeRegular, OpenRegular, SearchRegular } from '@fluentui/react-icons';

import { appHref } from '../../../lib/environment';
import { lookupPath, type LookupPurpose } from '../../../lib/lookup';
import { useLayout } from '../LayoutContext';
import type { ControlProps } from './TextControls';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
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

// A person or case who holds a role on this record (a role-holder field): shown by name with a way
// to preview and open it; chosen in the entity lookup (spec 2 §4 "Lookup pick": the pick comes back
// to this form, which is then dirty).
export function RoleControl({ component, value, readOnly, onChange }: ControlProps) {
  const styles = useStyles();
  const { onPreviewLink, openChild, address } = useLayout();
  const link = (value && typeof value === 'object' ? value : null) as Link | null;
  const kind = component.type === 'PersonRoleField' ? 'person' : 'case';
  const field = component.referenceCode ?? component.id;
  const choose =
    openChild && address && component.role
      ? () => {
          const purpose: LookupPurpose = { purpose: 'field', field, roleName: component.label, returnTo: address };
          openChild(lookupPath(address, component.role ?? '', component.lookupEntityType ?? `any_${kind}`), purpose);
        }
      : null;
  const chooseButton = (text: string) =>
    choose && (
      <Button size="small" icon={<SearchRegular />} onClick={choose} aria-label={`${text} ${component.label}`}>
        {text}
      </Button>
    );

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
            {kind === 'case' ? `${identifier} · ${link.display}` : link.display}
            <OpenRegular aria-label="(opens in a new tab)" />
          </Link>
        ) : (
          <Text tabIndex={0}>
            {kind === 'person' ? 'Person' : 'Case'} {identifier}
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
        {!readOnly && chooseButton('Change')}
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
  return (
    <div className={styles.row}>
      <Text className={styles.muted}>None chosen</Text>
      {chooseButton('Choose')}
    </div>
  );
}
