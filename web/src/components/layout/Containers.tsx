import {
  Button,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Overflow,
  OverflowItem,
  Tab,
  TabList,
  makeStyles,
  mergeClasses,
  tokens,
  useIsOverflowItemVisible,
  useOverflowMenu,
} from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react';

import { useLayout } from './LayoutContext';
import { isShown, type Component } from './layoutModel';
import { saveTab, savedTab } from './tabState';

const useStyles = makeStyles({
  hbox: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    alignItems: 'flex-start',
    '& > *': { flexGrow: 1, flexBasis: '220px' },
  },
  vbox: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  fieldset: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  legend: {
    padding: `0 ${tokens.spacingHorizontalXS}`,
    fontWeight: tokens.fontWeightSemibold,
  },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalS,
  },
  sectionHeading: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
  },
  sectionToggle: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} 0`,
    border: 'none',
    background: 'none',
    color: 'inherit',
    font: 'inherit',
    fontWeight: tokens.fontWeightSemibold,
    cursor: 'pointer',
  },
  indent: {
    paddingLeft: tokens.spacingHorizontalXXL,
  },
  tabs: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    // Never wider than the page: tabs that do not fit go into the strip's More menu.
    minWidth: 0,
  },
  strip: {
    minWidth: 0,
    flexWrap: 'nowrap',
  },
  more: {
    flexShrink: 0,
    whiteSpace: 'nowrap',
  },
  tabPanel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  disabled: {
    opacity: 0.9,
  },
});

// Min and max width, min height, and the scroll rule of spec 2: a scrollable container scrolls
// when it has a max width, and clips otherwise.
export function sizing(component: Component): CSSProperties {
  const style: CSSProperties = {};
  if (component.minWidth !== undefined) style.minWidth = `${component.minWidth}px`;
  if (component.maxWidth !== undefined) style.maxWidth = `${component.maxWidth}px`;
  if (component.minHeight !== undefined) style.minHeight = `${component.minHeight}px`;
  if (component.scrollable) style.overflow = component.maxWidth !== undefined ? 'auto' : 'hidden';
  return style;
}

export function HBox({ component, children }: { component: Component; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.hbox} style={sizing(component)} data-component={component.id} data-type="HBox">
      {children}
    </div>
  );
}

export function VBox({ component, children }: { component: Component; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.vbox} style={sizing(component)} data-component={component.id} data-type="VBox">
      {children}
    </div>
  );
}

export function Fieldset({ component, children, disabled }: { component: Component; children: ReactNode; disabled: boolean }) {
  const styles = useStyles();
  return (
    <fieldset
      className={mergeClasses(styles.fieldset, disabled && styles.disabled)}
      style={sizing(component)}
      data-component={component.id}
      data-type="Fieldset"
    >
      {component.label && <legend className={styles.legend}>{component.label}</legend>}
      {children}
    </fieldset>
  );
}

// Whether a field lies somewhere under a component.
function contains(component: Component, field: string): boolean {
  return component.referenceCode === field || (component.children ?? []).some((child) => contains(child, field));
}

// A collapsible panel with its heading (spec 2): open unless configured closed, toggled by a click,
// Enter or Space on its heading, and opened when a field inside it must be shown.
export function Section({ component, children, reveal }: { component: Component; children: ReactNode; reveal: string | null }) {
  const styles = useStyles();
  const bodyId = useId();
  const [open, setOpen] = useState(!component.collapsed);
  const [revealed, setRevealed] = useState<string | null>(null);
  if (reveal && reveal !== revealed && contains(component, reveal)) {
    setRevealed(reveal);
    setOpen(true);
  }
  return (
    <section className={styles.section} style={sizing(component)} data-component={component.id} data-type="Section">
      <h3 className={styles.sectionHeading}>
        <button type="button" className={styles.sectionToggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {open ? <ChevronDownRegular aria-hidden /> : <ChevronRightRegular aria-hidden />}
          {component.label}
        </button>
      </h3>
      <div
        id={bodyId}
        hidden={!open}
        style={open ? undefined : { display: 'none' }}
        className={mergeClasses(styles.vbox, component.indent && styles.indent)}
      >
        {children}
      </div>
    </section>
  );
}

// Spec 1 §9, spec 2 §9: a tab panel just shown is focusable for 200 ms, then its focus attributes
// go. While its content appears (a late-loading tab, a tab opened to show a field from the
// validation summary) the focus can be put on the panel itself when what it should land on is not
// there yet; afterwards a click inside it no longer outlines the whole panel, and the tab order is
// the content's own.
export const tabFocusAttributesMs = 200;

// The tabs that do not fit beside each other, in a menu at the end of the strip (spec 2 "Tab strip"
// on a small screen): every tab stays one click away and the strip never runs off the page.
function MoreTabs({ tabs, selected, onSelect }: { tabs: Component[]; selected: string | null; onSelect: (id: string) => void }) {
  const styles = useStyles();
  const { ref, isOverflowing, overflowCount } = useOverflowMenu<HTMLButtonElement>();
  if (!isOverflowing) return null;
  return (
    <Menu
      checkedValues={{ tab: selected ? [selected] : [] }}
      onCheckedValueChange={(_, data) => data.checkedItems[0] && onSelect(data.checkedItems[0])}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button
          ref={ref}
          role="tab"
          aria-selected={false}
          appearance="transparent"
          className={styles.more}
          icon={<ChevronDownRegular />}
          iconPosition="after"
          aria-label={`More tabs (${overflowCount})`}
          data-overflow-menu
        >
          More
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {tabs.map((tab) => (
            <MoreTabItem key={tab.id} tab={tab} />
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

function MoreTabItem({ tab }: { tab: Component }) {
  const visible = useIsOverflowItemVisible(tab.id);
  if (visible) return null;
  return (
    <MenuItemRadio name="tab" value={tab.id}>
      {tab.label}
    </MenuItemRadio>
  );
}

// A tab strip (spec 2): one tab per shown child, with the child's label as its heading. The saved
// tab is selected, or else the first shown; a late-loading tab's content is made only once it is
// first selected. Tabs that do not fit go into a More menu; the selected one always keeps its place
// in the strip.
export function TabSet({
  component,
  renderChild,
  reveal,
}: {
  component: Component;
  renderChild: (child: Component) => ReactNode;
  reveal: string | null;
}) {
  const styles = useStyles();
  const { values, screen, view, parentId } = useLayout();
  const tabs = (component.children ?? []).filter((child) => isShown(child, values, screen));
  const saved = savedTab(view, parentId, component.id);
  const [chosen, setChosen] = useState<string | null>(saved);
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(() => new Set());
  const [revealed, setRevealed] = useState<string | null>(null);
  const prefix = useId();

  const selected = tabs.some((tab) => tab.id === chosen) ? chosen : (tabs[0]?.id ?? null);
  const withReveal = reveal && reveal !== revealed ? tabs.find((tab) => contains(tab, reveal)) : undefined;
  if (withReveal) {
    setRevealed(reveal);
    setChosen(withReveal.id);
  }
  // A late-loading tab, once selected, keeps its content.
  if (selected && !loaded.has(selected)) {
    setLoaded(new Set([...loaded, selected]));
  }

  // The panel shown last keeps its focus attributes for a moment.
  const [focusable, setFocusable] = useState<string | null>(selected);
  const [shown, setShown] = useState<string | null>(selected);
  if (selected !== shown) {
    setShown(selected);
    setFocusable(selected);
  }
  useEffect(() => {
    if (!focusable) return undefined;
    const timer = window.setTimeout(() => setFocusable(null), tabFocusAttributesMs);
    return () => window.clearTimeout(timer);
  }, [focusable]);

  if (tabs.length === 0) return null;
  const select = (id: string) => {
    setChosen(id);
    saveTab(view, parentId, component.id, id);
  };
  return (
    <div className={styles.tabs} style={sizing(component)} data-component={component.id} data-type="TabSet">
      <Overflow minimumVisible={1}>
        <TabList
          className={styles.strip}
          selectedValue={selected}
          onTabSelect={(_, data) => select(String(data.value))}
          aria-label={component.label || undefined}
        >
          {tabs.map((tab) => (
            <OverflowItem key={tab.id} id={tab.id} priority={tab.id === selected ? 2 : 1}>
              <Tab value={tab.id} id={`${prefix}-tab-${tab.id}`} aria-controls={`${prefix}-panel-${tab.id}`}>
                {tab.label}
              </Tab>
            </OverflowItem>
          ))}
          <MoreTabs tabs={tabs} selected={selected} onSelect={select} />
        </TabList>
      </Overflow>
      {tabs.map((tab) => {
        const current = tab.id === selected;
        if (tab.lateLoad && !current && !loaded.has(tab.id)) return null;
        return (
          <div
            key={tab.id}
            id={`${prefix}-panel-${tab.id}`}
            role="tabpanel"
            aria-labelledby={`${prefix}-tab-${tab.id}`}
            hidden={!current}
            style={current ? undefined : { display: 'none' }}
            className={styles.tabPanel}
            data-tab={tab.id}
            tabIndex={current && focusable === tab.id ? -1 : undefined}
          >
            {renderChild(tab)}
          </div>
        );
      })}
    </div>
  );
}
