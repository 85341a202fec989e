import {
  Badge,
  Body1Strong,
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
import { useScreenClass } from '../../lib/screen';

const useStyles = makeStyles({
  // Pinned to the top of the page while the form scrolls under it: Save and the actions stay at
  // hand on long forms. The icon stays with the title; the buttons keep to the right, on a line of
  // their own when the page is too narrow for both.
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} 0`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // On a small screen one line, so that the pinned header takes little of the height.
  compact: {
    flexWrap: 'nowrap',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
  },
  identity: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    flex: '1 1 280px',
    minWidth: 0,
  },
  identityCompact: {
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    flex: '1 1 0',
  },
  icon: {
    fontSize: '28px',
    color: tokens.colorBrandForeground1,
    flexShrink: 0,
  },
  iconCompact: {
    fontSize: '20px',
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
    minWidth: 0,
  },
  title: {
    margin: 0,
    overflowWrap: 'anywhere',
  },
  // One line each, cut with an ellipsis; the whole title is still read out, and the form shows it.
  oneLine: {
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  meta: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    color: tokens.colorNeutralForeground3,
  },
  metaCompact: {
    flexWrap: 'nowrap',
    overflow: 'hidden',
  },
  buttons: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    marginLeft: 'auto',
    flexShrink: 0,
  },
});

// How the header shows each state of a record (spec 1 §3), as the server gives it: a closed case
// and an obsolete person have an icon and a badge of their own; the usual states need neither.
const stateLooks: Record<EntityState, { word?: string; case: typeof BriefcaseRegular; person: typeof PersonRegular }> = {
  undefined: { case: BriefcaseRegular, person: PersonRegular },
  open: { case: BriefcaseRegular, person: PersonRegular },
  active: { case: BriefcaseRegular, person: PersonRegular },
  closed: { word: 'Closed', case: BriefcaseOffRegular, person: PersonRegular },
  obsolete: { word: 'Obsolete', case: BriefcaseRegular, person: PersonProhibitedRegular },
};

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
  const compact = useScreenClass() === 'small';
  const looks = stateLooks[state] ?? stateLooks.undefined;
  const Icon = looks[kind];
  // The case's own status is shown beside "Closed" only when it says something more.
  const showStatus = statusName && statusName.toLowerCase() !== looks.word?.toLowerCase();
  // On a small screen the information button joins the actions in their menu.
  const menuActions =
    compact && onInformation && actions.length > 0
      ? [...actions, { key: 'information', label: 'Information', icon: <PanelRightRegular />, onClick: onInformation }]
      : actions;
  const TitleText = compact ? Body1Strong : Subtitle1;
  return (
    <header className={mergeClasses(styles.header, compact && styles.compact)} data-status={dirty ? 'dirty' : undefined} data-state={state}>
      <div className={mergeClasses(styles.identity, compact && styles.identityCompact)}>
        <Icon
          className={mergeClasses(
            styles.icon,
            compact && styles.iconCompact,
            state === 'obsolete' && styles.obsoleteIcon,
            state === 'closed' && styles.closedIcon,
          )}
          aria-label={looks.word ? `${looks.word} ${typeName}` : typeName}
          role="img"
        />
        <div className={styles.titles}>
          <TitleText as="h1" className={mergeClasses(styles.title, compact && styles.oneLine)}>
            {title}
          </TitleText>
          <div className={mergeClasses(styles.meta, compact && styles.metaCompact)}>
            <Text size={compact ? 200 : 300}>{typeName}</Text>
            {identifier && <Text size={compact ? 200 : 300}>Person id {identifier}</Text>}
            {state === 'closed' && (
              <Badge appearance="filled" color="important" icon={<LockClosedRegular />} size={compact ? 'small' : 'medium'}>
                Closed
              </Badge>
            )}
            {showStatus && <Badge appearance="tint" color="informative" size={compact ? 'small' : 'medium'}>{statusName}</Badge>}
            {state === 'obsolete' && <Badge appearance="filled" color="danger" size={compact ? 'small' : 'medium'}>Obsolete</Badge>}
            {dirty && (
              <Badge appearance="outline" color="warning" size={compact ? 'small' : 'medium'} aria-label="Unsaved changes">
                Unsaved changes
              </Badge>
            )}
          </div>
        </div>
      </div>
      <div className={styles.buttons}>
        {canSave && (
          <Button appearance="primary" icon={<SaveRegular />} onClick={onSave} disabled={saving}>
            Save
          </Button>
        )}
        {menuActions.length > 0 && (
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              {compact ? (
                <Tooltip content="Actions" relationship="label">
                  <Button icon={<MoreHorizontalRegular />} />
                </Tooltip>
              ) : (
                <Button icon={<MoreHorizontalRegular />}>Actions</Button>
              )}
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {menuActions.map((action) => (
                  <MenuItem key={action.key} icon={action.icon} onClick={action.onClick}>
                    {action.label}
                  </MenuItem>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        )}
        {onInformation && menuActions === actions && (
          <Tooltip content="Information" relationship="label">
            <Button icon={<PanelRightRegular />} onClick={onInformation} />
          </Tooltip>
        )}
      </div>
    </header>
  );
}
