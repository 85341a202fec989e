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
  BriefcaseOffRegular,
  BriefcaseRegular,
  LockClosedRegular,
  MoreHorizontalRegular,
  PanelRightRegular,
  PersonProhibitedRegular,
  PersonRegular,
  SaveRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';

import type { EntityState } from '../../lib/api/types';

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
  closedIcon: {
    color: tokens.colorNeutralForeground3,
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

// How the header shows each state of a record (spec 1 §3), as the server gives it: a closed case
// and an obsolete person have an icon and a badge of their own; the usual states need neither.
const stateLooks: Record<EntityState, { word?: string; case: typeof BriefcaseRegular; person: typeof PersonRegular }> = {
  undefined: { case: BriefcaseRegular, person: PersonRegular },
  open: { case: BriefcaseRegular, person: PersonRegular },
  active: { case: BriefcaseRegular, person: PersonRegular },
  closed: { word: 'Closed', case: BriefcaseOffRegular, person: PersonRegular },
  obsolete: { word: 'Obsolete', case: BriefcaseRegular, person: PersonProhibitedRegular },
};

// The entity header (spec 1 §2): icon, title, type and status, Save, the actions and the
// information-bar button. A form with unsaved changes shows the header status "dirty".
export function EntityHeader({
  kind,
  state,
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
  state: EntityState;
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
  const looks = stateLooks[state] ?? stateLooks.undefined;
  const Icon = looks[kind];
  // The case's own status is shown beside "Closed" only when it says something more.
  const showStatus = statusName && statusName.toLowerCase() !== looks.word?.toLowerCase();
  return (
    <header className={styles.header} data-status={dirty ? 'dirty' : undefined} data-state={state}>
      <Icon
        className={mergeClasses(styles.icon, state === 'obsolete' && styles.obsoleteIcon, state === 'closed' && styles.closedIcon)}
        aria-label={looks.word ? `${looks.word} ${typeName}` : typeName}
        role="img"
      />
      <div className={styles.titles}>
        <Subtitle1 as="h1" className={styles.title}>
          {title}
        </Subtitle1>
        <div className={styles.meta}>
          <Text>{typeName}</Text>
          {identifier && <Text>Person id {identifier}</Text>}
          {state === 'closed' && (
            <Badge appearance="filled" color="important" icon={<LockClosedRegular />}>
              Closed
            </Badge>
          )}
          {showStatus && <Badge appearance="tint" color="informative">{statusName}</Badge>}
          {state === 'obsolete' && <Badge appearance="filled" color="danger">Obsolete</Badge>}
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
