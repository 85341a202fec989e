import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  Text,
  makeStyles,
  tokens,
  mergeClasses,
  shorthands,
  type PositioningImperativeRef,
} from '@fluentui/react-components';
import { BriefcaseRegular, OpenRegular, PersonRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';

import { showPanel } from '../../lib/informationBar';
import { formatValue, useDateFormat } from '../../lib/format';
import type { EntityKind } from '../../lib/records';
import { slots } from '../../lib/slots';
import type { SearchResultItem } from '../../lib/api/types';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { RowDocumentIcon } from '../../components/documentIcons';
import { Extract, Highlighted } from '../../components/search/highlight';
import { matchBand } from './relevance';

// Spec 1 §9: a click on a row icon opens the preview after 300 ms (a double click opens instead).
export const previewDelayMs = 300;
// Spec 1 §2: a touch held this long on a row offers its context menu (an iPad has no right click).
export const longPressMs = 600;
// A finger that travels further than this while held is scrolling or dragging, not holding.
export const longPressSlopPx = 10;

const useStyles = makeStyles({
  table: {
    width: '100%',
    borderCollapse: 'collapse',
  },
  head: {
    textAlign: 'left',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  row: {
    cursor: 'default',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  selected: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
  },
  cell: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    verticalAlign: 'top',
  },
  icon: {
    width: '44px',
  },
  fields: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  field: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
  },
  key: {
    color: tokens.colorNeutralForeground3,
    margin: 0,
  },
  value: {
    margin: 0,
  },
  title: {
    fontWeight: tokens.fontWeightSemibold,
  },
  extract: {
    margin: `${tokens.spacingVerticalXS} 0 0`,
    color: tokens.colorNeutralForeground2,
  },
  relevance: {
    width: '150px',
    whiteSpace: 'nowrap',
  },
  band: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground2,
  },
  bars: {
    display: 'inline-flex',
    alignItems: 'flex-end',
    gap: '2px',
    height: '14px',
  },
  // An unlit bar is drawn hollow, a lit one filled: in high contrast every stroke and the brand
  // are the same white, and only the fill tells them apart.
  bar: {
    width: '6px',
    borderRadius: '1px',
    boxSizing: 'border-box',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  lit: {
    backgroundColor: tokens.colorBrandForeground1,
    ...shorthands.borderColor(tokens.colorBrandForeground1),
  },
  // Read by screen readers, not shown.
  hidden: visuallyHidden,
});

// How well a row matches, against the best result of the whole search: four rising bars, as many
// lit as its band, and the band in words (relevance.ts).
function Relevance({ value }: { value: number }) {
  const styles = useStyles();
  const band = matchBand(value);
  return (
    <span className={styles.band} role="meter" aria-valuemin={1} aria-valuemax={4} aria-valuenow={band.level} aria-valuetext={band.word} aria-label="Relevance">
      <span className={styles.bars} aria-hidden>
        {[1, 2, 3, 4].map((level) => (
          <span key={level} className={mergeClasses(styles.bar, level <= band.level && styles.lit)} style={{ height: `${4 + level * 2.5}px` }} />
        ))}
      </span>
      {band.word}
    </span>
  );
}

export function kindOf(item: SearchResultItem): EntityKind | null {
  return item.entity === 'Case' ? 'case' : item.entity === 'Person' ? 'person' : null;
}

function titleOf(item: SearchResultItem): string {
  return item.searchFields.find((field) => field.key === 'Title')?.value ?? item.entityIdentifier;
}

function RowIcon({ item }: { item: SearchResultItem }) {
  if (item.entity === 'Case') return <BriefcaseRegular aria-hidden fontSize={20} />;
  if (item.entity === 'Person') return <PersonRegular aria-hidden fontSize={20} />;
  return <RowDocumentIcon rowIcon={item.searchFields.find((field) => field.key === 'RowIcon')?.value} />;
}

interface ResultsGridProps {
  results: readonly SearchResultItem[];
  terms: readonly string[];
  showRelevance: boolean;
  onOpen(item: SearchResultItem, newTab: boolean): void;
}

// The result rows (spec 1 §2): the row icon previews, a double click or Enter opens, and a
// context menu (right click, Shift+F10, the menu key, a long press) offers Open, Select and Open
// in New Tab.
export function ResultsGrid({ results, terms, showRelevance, onOpen }: ResultsGridProps) {
  const format = useDateFormat();
  const styles = useStyles();
  const [selected, setSelected] = useState<string | null>(null);
  const [menuFor, setMenuFor] = useState<SearchResultItem | null>(null);
  const positioning = useRef<PositioningImperativeRef>(null);
  const previewTimer = useRef<number | undefined>(undefined);
  const pressTimer = useRef<number | undefined>(undefined);
  const pressedAt = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => () => {
    window.clearTimeout(previewTimer.current);
    window.clearTimeout(pressTimer.current);
  }, []);

  const keyOf = (item: SearchResultItem) => `${item.entity}:${item.entityIdentifier}`;

  const preview = (item: SearchResultItem) => {
    const kind = kindOf(item);
    window.clearTimeout(previewTimer.current);
    if (item.entity === 'Document' && item.caseNumber) {
      const caseNumber = item.caseNumber;
      previewTimer.current = window.setTimeout(() => {
        showPanel('documentPreview', { title: 'Document preview', content: slots.documentPreview(caseNumber, item.entityIdentifier) });
      }, previewDelayMs);
      return;
    }
    if (!kind) return;
    previewTimer.current = window.setTimeout(() => {
      showPanel('entityPreview', {
        title: 'Preview',
        content: slots.entityPreview(kind, item.entityIdentifier, { open: true }),
      });
    }, previewDelayMs);
  };

  const open = (item: SearchResultItem, newTab = false) => {
    window.clearTimeout(previewTimer.current);
    onOpen(item, newTab);
  };

  const showMenu = (item: SearchResultItem, target: HTMLElement | { x: number; y: number }) => {
    setSelected(keyOf(item));
    setMenuFor(item);
    if (target instanceof HTMLElement) {
      positioning.current?.setTarget(target);
    } else {
      positioning.current?.setTarget({
        getBoundingClientRect: () => ({
          x: target.x, y: target.y, left: target.x, top: target.y, right: target.x, bottom: target.y,
          width: 0, height: 0, toJSON: () => ({}),
        }),
      });
    }
  };

  const rowKeyDown = (item: SearchResultItem) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      open(item);
    } else if (event.key === ' ') {
      event.preventDefault();
      setSelected(keyOf(item));
    } else if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      event.preventDefault();
      showMenu(item, event.currentTarget);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const sibling = event.key === 'ArrowDown' ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling;
      (sibling as HTMLElement | null)?.focus();
    }
  };

  const contextMenu = (item: SearchResultItem) => (event: MouseEvent<HTMLTableRowElement>) => {
    event.preventDefault();
    showMenu(item, { x: event.clientX, y: event.clientY });
  };

  const pointerEnd = () => {
    window.clearTimeout(pressTimer.current);
    pressedAt.current = null;
  };
  const pointerDown = (item: SearchResultItem) => (event: PointerEvent<HTMLTableRowElement>) => {
    if (event.pointerType !== 'touch') return;
    pointerEnd();
    const row = event.currentTarget;
    pressedAt.current = { x: event.clientX, y: event.clientY };
    pressTimer.current = window.setTimeout(() => showMenu(item, row), longPressMs);
  };
  const pointerMove = (event: PointerEvent<HTMLTableRowElement>) => {
    const start = pressedAt.current;
    if (!start || event.pointerType !== 'touch') return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > longPressSlopPx) pointerEnd();
  };

  return (
    <>
      <table className={styles.table} aria-label="Search results">
        <thead>
          <tr>
            <th className={mergeClasses(styles.head, styles.icon)}>
              <span className={styles.hidden}>Preview</span>
            </th>
            <th className={styles.head}>Details</th>
            {showRelevance && <th className={mergeClasses(styles.head, styles.relevance)}>Relevance</th>}
          </tr>
        </thead>
        <tbody>
          {results.map((item) => {
            const title = titleOf(item);
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
                onDoubleClick={() => open(item)}
                onKeyDown={rowKeyDown(item)}
                onContextMenu={contextMenu(item)}
                onPointerDown={pointerDown(item)}
                onPointerMove={pointerMove}
                onPointerUp={pointerEnd}
                onPointerLeave={pointerEnd}
                onPointerCancel={pointerEnd}
              >
                <td className={styles.cell}>
                  <Button
                    appearance="subtle"
                    icon={<RowIcon item={item} />}
                    aria-label={`Preview ${title}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      setSelected(keyOf(item));
                      preview(item);
                    }}
                    onDoubleClick={(event) => {
                      event.stopPropagation();
                      open(item);
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
                {showRelevance && (
                  <td className={mergeClasses(styles.cell, styles.relevance)}>{item.relevance > 0 ? <Relevance value={item.relevance} /> : null}</td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <Menu
        open={menuFor !== null}
        onOpenChange={(_, data) => !data.open && setMenuFor(null)}
        positioning={{ positioningRef: positioning }}
      >
        <MenuPopover>
          <MenuList>
            <MenuItem onClick={() => menuFor && open(menuFor)}>Open</MenuItem>
            <MenuItem onClick={() => menuFor && setSelected(keyOf(menuFor))}>Select</MenuItem>
            <MenuItem icon={<OpenRegular />} onClick={() => menuFor && open(menuFor, true)}>
              Open in New Tab
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </>
  );
}
