import {
  Badge,
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Subtitle1,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import {
  BriefcaseRegular,
  MoreHorizontalRegular,
  PanelRightRegular,
  PersonProhibitedRegular,
  PersonRegular,
  SaveRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';

const useStyles = makeStyles({
  // Pinned to the top of the page while the form scrolls under it: Save and the actions stay at
  // hand on long forms.
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
  icon: {
    fontSize: '28px',
    color: tokens.colorBrandForeground1,
    flexShrink: 0,
  },
  obsoleteIcon: {
    color: tokens.colorPaletteRedForeground1,
  },
  titles: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minWidth: '200px',
  },
  title: {
    margin: 0,
  },
  meta: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    color: tokens.colorNeutralForeground3,
  },
  buttons: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
  },
});

export interface HeaderAction {
  key: string;
  label: string;
  icon?: ReactElement;
  onClick: () => void;
}

// The entity header (spec 1 §2): icon, title, type and status, Save, the actions and the
// information-bar button. A form with unsaved changes shows the header status "dirty".
export function EntityHeader({
  kind,
  obsolete,
  title,
  typeName,
  identifier,
  statusName,
  dirty,
  canSave,
  saving,
  onSave,
  actions,
  onInformation,
}: {
  kind: 'case' | 'person';
  obsolete: boolean;
  title: string;
  typeName: string;
  // A person's id, shown as a case's number is in its title.
  identifier?: string;
  statusName?: string;
  dirty: boolean;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  actions: HeaderAction[];
  onInformation?: () => void;
}) {
  const styles = useStyles();
  const Icon = kind === 'case' ? BriefcaseRegular : obsolete ? PersonProhibitedRegular : PersonRegular;
  return (
    <header className={styles.header} data-status={dirty ? 'dirty' : undefined}>
      <Icon
        className={mergeClasses(styles.icon, obsolete && styles.obsoleteIcon)}
        aria-label={obsolete ? `Obsolete ${typeName}` : typeName}
        role="img"
      />
      <div className={styles.titles}>
        <Subtitle1 as="h1" className={styles.title}>
          {title}
        </Subtitle1>
        <div className={styles.meta}>
          <Text>{typeName}</Text>
          {identifier && <Text>Person id {identifier}</Text>}
          {statusName && <Badge appearance="tint" color="informative">{statusName}</Badge>}
          {obsolete && <Badge appearance="filled" color="danger">Obsolete</Badge>}
          {dirty && (
            <Badge appearance="outline" color="warning" aria-label="Unsaved changes">
              Unsaved changes
            </Badge>
          )}
        </div>
      </div>
      <div className={styles.buttons}>
        {canSave && (
          <Button appearance="primary" icon={<SaveRegular />} onClick={onSave} disabled={saving}>
            Save
          </Button>
        )}
        {actions.length > 0 && (
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button icon={<MoreHorizontalRegular />}>Actions</Button>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {actions.map((action) => (
                  <MenuItem key={action.key} icon={action.icon} onClick={action.onClick}>
                    {action.label}
                  </MenuItem>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        )}
        {onInformation && (
          <Tooltip content="Information" relationship="label">
            <Button icon={<PanelRightRegular />} onClick={onInformation} />
          </Tooltip>
        )}
      </div>
    </header>
  );
}
