import { Badge, Button, Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';

import { DocumentIcon } from '../../components/documentIcons';

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  icon: { color: tokens.colorBrandForeground1, flexShrink: 0, display: 'flex' },
  titles: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    flexGrow: 1,
    flexBasis: '200px',
  },
  title: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  subtitle: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    flexWrap: 'wrap',
    color: tokens.colorNeutralForeground3,
  },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
});

// The header of a document screen: what it is, its state, and what can be done with it.
export function DocumentHeader({
  heading,
  title,
  kind,
  extension,
  version,
  checkedOut,
  dirty,
  saveLabel = 'Save',
  canSave,
  saving,
  onSave,
  children,
}: {
  heading: string;
  title: string;
  kind: string;
  extension?: string | null;
  version?: string;
  checkedOut?: string | null;
  dirty: boolean;
  saveLabel?: string;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  children?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <header className={styles.header}>
      <span className={styles.icon}>
        <DocumentIcon kind={kind} extension={extension} size={28} />
      </span>
      <div className={styles.titles}>
        <Subtitle1 as="h1" className={styles.title} title={title}>
          {title}
        </Subtitle1>
        <span className={styles.subtitle}>
          <Text size={200}>{heading}</Text>
          {version && <Badge appearance="outline">Version {version}</Badge>}
          {checkedOut && (
            <Badge appearance="tint" color="warning">
              {checkedOut}
            </Badge>
          )}
          {dirty && (
            <Badge appearance="tint" color="informative">
              Unsaved changes
            </Badge>
          )}
        </span>
      </div>
      <div className={styles.actions}>
        {children}
        {canSave && (
          <Button appearance="primary" icon={<SaveRegular />} disabled={saving} onClick={onSave}>
            {saving ? 'Saving…' : saveLabel}
          </Button>
        )}
      </div>
    </header>
  );
}
