import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';

import { closeInformationOverlay, informationBar, visiblePreviews } from '../../lib/informationBar';
import { useScreenClass } from '../../lib/screen';
import { useStore } from '../../lib/store';

import { PanelAccordion } from './PanelAccordion';

const useStyles = makeStyles({
  // Spec 2 "Previews": at least 95% of the width; 95% of the height on small screens, otherwise
  // the window's height less 200 pixels.
  surface: {
    minWidth: '95vw',
    maxWidth: '95vw',
    height: 'calc(100vh - 200px)',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
  },
  small: { height: '95vh' },
  body: { height: '100%', maxHeight: '100%', gridTemplateRows: 'auto 1fr' },
  content: { minHeight: 0, overflowY: 'auto' },
});

// The information overlay (spec 2 "Previews"): the information bar's previews in a dialog large
// enough to read a document or a map, titled by whoever opened it. Escape, the close button or
// navigating away closes it; the bar stays as it was.
export function InformationOverlay() {
  const styles = useStyles();
  const screen = useScreenClass();
  const state = useStore(informationBar);
  const panels = visiblePreviews(state);
  const open = !!state.overlayTitle && panels.length > 0;
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && closeInformationOverlay()}>
      <DialogSurface className={mergeClasses(styles.surface, screen === 'small' && styles.small)} aria-label={state.overlayTitle ?? 'Information'}>
        <DialogBody className={styles.body}>
          <DialogTitle
            action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={closeInformationOverlay} />}
          >
            {state.overlayTitle}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {/* One preview is the dialog's own content, under its title; several each have a header. */}
            {panels.length === 1 ? (
              <div data-panel={panels[0]?.[0]}>{panels[0]?.[1].content}</div>
            ) : (
            <PanelAccordion panels={panels} />
            )}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
