import { Badge, Button, Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';

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
  titles: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1, flexBasis: '200px' },
  title: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  subtitle: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    flexWrap: 'wrap',
    color: tokens.colorNeutralForeground3,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

// The header of a form that belongs to a record (an alternate name, a comment, a cross
// reference): what it is, whose it is, whether it holds unsaved changes, and Save.
export function ChildFormHeader({
  icon,
  title,
  subtitle,
  dirty,
  canSave,
  saving,
  onSave,
  children,
}: {
  icon: ReactNode;
  title: string;
  subtitle: ReactNode;
  dirty: boolean;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  children?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <header className={styles.header}>
      <span className={styles.icon}>{icon}</span>
      <div className={styles.titles}>
        <Subtitle1 as="h1" className={styles.title}>
          {title}
        </Subtitle1>
        <Text className={styles.subtitle}>
          {subtitle}
          {dirty && (
            <Badge appearance="tint" color="warning">
              Unsaved changes
            </Badge>
          )}
        </Text>
      </div>
      <div className={styles.actions}>
        {canSave && (
          <Button appearance="primary" icon={<SaveRegular />} disabled={saving} onClick={onSave}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        )}
        {children}
      </div>
    </header>
  );
}
