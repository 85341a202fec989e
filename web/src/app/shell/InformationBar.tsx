import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  InlineDrawer,
  OverlayDrawer,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowMaximizeRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useRef, type KeyboardEvent } from 'react';

import {
  closeInformationBar,
  informationBar,
  openInformationOverlay,
  togglePanel,
  visiblePanels,
  visiblePreviews,
} from '../../lib/informationBar';
import { useStore } from '../../lib/store';

import { PanelAccordion } from './PanelAccordion';

const useStyles = makeStyles({
  // A fixed column, like the menu: a wide page (search results) must not squeeze it. Its width is
  // the shell's (shellColumns.ts).
  inline: {
    flexShrink: 0,
    borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

// The information bar (spec 1 §2): the panels screens have filled, in the spec's order, each
// collapsible; closed with its button or Escape, and on every navigation. Focus moves into the bar
// when it opens and back to where it was when it closes.
export function InformationBar({ overlay, width = 360 }: { overlay: boolean; width?: number }) {
  const styles = useStyles();
  const state = useStore(informationBar);
  const panels = visiblePanels(state);
  const previews = visiblePreviews(state);
  const open = state.open && panels.length > 0;
  const motion = state.closedAtOnce ? { surfaceMotion: null } : {};
  const closeButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (open) {
      if (informationBar.get().takeFocus === false) return;
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // The bar is still sliding in: scrolling to it would carry the whole page sideways.
      closeButton.current?.focus({ preventScroll: true });
    } else if (returnFocus.current) {
      returnFocus.current.focus({ preventScroll: true });
      returnFocus.current = null;
    }
  }, [open]);

  // The information overlay gives the focus back to the button that opened it.
  const overlayOpener = useRef<HTMLButtonElement>(null);
  const overlayOpen = !!state.overlayTitle;
  const wasOverlayOpen = useRef(false);
  useEffect(() => {
    if (wasOverlayOpen.current && !overlayOpen) overlayOpener.current?.focus({ preventScroll: true });
    wasOverlayOpen.current = overlayOpen;
  }, [overlayOpen]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeInformationBar();
    }
  };

  const content = (
    <>
      <DrawerHeader>
        <DrawerHeaderTitle
          heading={{ as: 'h2' }}
          action={
            <span className={styles.actions}>
              {previews.length > 0 && (
                <Button
                  ref={overlayOpener}
                  appearance="subtle"
                  aria-label="Open larger"
                  title="Open larger"
                  icon={<ArrowMaximizeRegular />}
                  onClick={() => openInformationOverlay(previews.length === 1 ? (previews[0]?.[1].title ?? 'Previews') : 'Previews')}
                />
              )}
              <Button
                ref={closeButton}
                appearance="subtle"
                aria-label="Close the information bar"
                icon={<DismissRegular />}
                onClick={closeInformationBar}
              />
            </span>
          }
        >
          Information
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <PanelAccordion panels={panels} onToggle={togglePanel} />
      </DrawerBody>
    </>
  );

  if (overlay) {
    return (
      <OverlayDrawer
        position="end"
        open={open}
        onOpenChange={(_, data) => !data.open && closeInformationBar()}
        aria-label="Information"
        onKeyDown={onKeyDown}
        {...motion}
      >
        {content}
      </OverlayDrawer>
    );
  }
  return (
    <InlineDrawer
      position="end"
      open={open}
      separator
      className={styles.inline}
      style={{ width: `${width}px`, minWidth: `${width}px` }}
      role="complementary"
      aria-label="Information"
      onKeyDown={onKeyDown}
      {...motion}
    >
      {content}
    </InlineDrawer>
  );
}
