import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
  type PositioningImperativeRef,
} from '@fluentui/react-components';
import { CheckmarkRegular, EyeRegular, OpenRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

import { Extract, Highlighted } from '../../components/search/highlight';
import type { SearchResultItem } from '../../lib/api/types';
import { formatValue, useDateFormat } from '../../lib/format';
import { showPanel } from '../../lib/informationBar';
import { openInNewTab } from '../../lib/navigation';
import { recordPath } from '../../lib/records';
import type { EntityKind } from '../../lib/records';
import { slots } from '../../lib/slots';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { lookupPickDelayMs, relevanceText } from './lookupPick';
import { RecordIcon } from './RecordIcon';

const useStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse' },
  head: {
    textAlign: 'left',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  row: {
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  cell: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`, verticalAlign: 'top' },
  icon: { width: '44px' },
  title: { fontWeight: tokens.fontWeightSemibold },
  fields: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  field: { display: 'flex', gap: tokens.spacingHorizontalXS },
  key: { color: tokens.colorNeutralForeground3, margin: 0 },
  value: { margin: 0 },
  extract: { margin: `${tokens.spacingVerticalXS} 0 0`, color: tokens.colorNeutralForeground2 },
  relevance: { width: '90px', textAlign: 'right', whiteSpace: 'nowrap' },
  choose: { width: '110px', textAlign: 'right' },
  // Read by screen readers, not shown.
  hidden: visuallyHidden,
});

export function kindOfItem(item: SearchResultItem): EntityKind {
  return item.entity === 'Case' ? 'case' : 'person';
}

// A record looked at while choosing opens in a tab of its own as a child view (spec 1 §2): without
// the menu, the search box or Log Out, so that the person comes back to choose.
function openAsChildView(item: SearchResultItem): void {
  openInNewTab(`${recordPath(kindOfItem(item), item.entityIdentifier)}?view=child`);
}

export function titleOfItem(item: SearchResultItem): string {
  return item.searchFields.find((field) => field.key === 'Title')?.value ?? item.entityIdentifier;
}

// The lookup's results (spec 2 "Entity lookup search"): an icon that previews, the Details, the
// Relevance with two decimals, and a way to pick the row — its Choose button, Enter, a double click
// (picked after 100 ms), or a context menu (on small screens the only way), which also opens the
// record in a new tab as a child view.
export function LookupResults({
  results,
  terms,
  small,
  onPick,
}: {
  results: readonly SearchResultItem[];
  terms: readonly string[];
  small: boolean;
  onPick: (item: SearchResultItem) => void;
}) {
  const styles = useStyles();
  const format = useDateFormat();
  const [selected, setSelected] = useState<string | null>(null);
  const [menuFor, setMenuFor] = useState<SearchResultItem | null>(null);
  const positioning = useRef<PositioningImperativeRef>(null);
  const pickTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pickTimer.current), []);

  const keyOf = (item: SearchResultItem) => `${item.entity}:${item.entityIdentifier}`;
  const pickSoon = (item: SearchResultItem) => {
    window.clearTimeout(pickTimer.current);
    pickTimer.current = window.setTimeout(() => onPick(item), lookupPickDelayMs);
  };
  const preview = (item: SearchResultItem) =>
    showPanel('entityPreview', { title: 'Preview', content: slots.entityPreview(kindOfItem(item), item.entityIdentifier, { open: true }) });

  const keyDown = (item: SearchResultItem) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onPick(item);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const sibling = event.key === 'ArrowDown' ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling;
      (sibling as HTMLElement | null)?.focus();
    } else if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      event.preventDefault();
      positioning.current?.setTarget(event.currentTarget);
      setMenuFor(item);
    }
  };

  return (
    <>
      <table className={styles.table} aria-label="Lookup results">
        <thead>
          <tr>
            <th className={mergeClasses(styles.head, styles.icon)}>
              <span className={styles.hidden}>Preview</span>
            </th>
            <th className={styles.head}>Details</th>
            {!small && <th className={mergeClasses(styles.head, styles.relevance)}>Relevance</th>}
            {!small && (
              <th className={mergeClasses(styles.head, styles.choose)}>
                <span className={styles.hidden}>Choose</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {results.map((item) => {
            const title = titleOfItem(item);
            const shown = item.searchFields.filter((field) => field.displayInSearchResult && field.key !== 'Title');
            return (
              <tr
                key={keyOf(item)}
                className={mergeClasses(styles.row, selected === keyOf(item) && styles.selected)}
                tabIndex={0}
                aria-selected={selected === keyOf(item)}
                aria-label={`${item.entityTypeName} ${title}`}
                data-identifier={item.entityIdentifier}
                onClick={() => setSelected(keyOf(item))}
                onDoubleClick={() => pickSoon(item)}
                onKeyDown={keyDown(item)}
                onContextMenu={(event) => {
                  event.preventDefault();
                  positioning.current?.setTarget(event.currentTarget);
                  setSelected(keyOf(item));
                  setMenuFor(item);
                }}
              >
                <td className={styles.cell}>
                  <Button
                    appearance="subtle"
                    icon={<RecordIcon kind={kindOfItem(item)} />}
                    aria-label={`Preview ${title}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      setSelected(keyOf(item));
                      preview(item);
                    }}
                  />
                </td>
                <td className={styles.cell}>
                  <Text className={styles.title}>
                    <Highlighted text={title} terms={terms} />
                  </Text>
                  <dl className={styles.fields}>
                    {shown.map((field) => (
                      <div key={field.key} className={styles.field}>
                        <dt className={styles.key}>{field.key}</dt>
                        <dd className={styles.value}>
                          <Highlighted text={formatValue(field.value, format)} terms={terms} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                  {item.extracts.map((extract, index) => (
                    <p key={index} className={styles.extract}>
                      <Extract html={extract} />
                    </p>
                  ))}
                </td>
                {!small && <td className={mergeClasses(styles.cell, styles.relevance)}>{relevanceText(item.relevance)}</td>}
                {!small && (
                  <td className={mergeClasses(styles.cell, styles.choose)}>
                    <Button size="small" icon={<CheckmarkRegular />} aria-label={`Choose ${title}`} onClick={() => onPick(item)}>
                      Choose
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <Menu open={menuFor !== null} onOpenChange={(_, data) => !data.open && setMenuFor(null)} positioning={{ positioningRef: positioning }}>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<CheckmarkRegular />} onClick={() => menuFor && onPick(menuFor)}>
              Choose
            </MenuItem>
            <MenuItem icon={<EyeRegular />} onClick={() => menuFor && preview(menuFor)}>
              Preview
            </MenuItem>
            <MenuItem icon={<OpenRegular />} onClick={() => menuFor && openAsChildView(menuFor)}>
              Open in New Tab
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </>
  );
}
