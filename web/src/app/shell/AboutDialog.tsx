import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';

import { chromeSettingsQuery, productVersion } from '../../lib/settings';

const useStyles = makeStyles({
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
});

// About, from the user menu: the product version and the environment.
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const { data: chrome } = useQuery(chromeSettingsQuery);
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby="about-version">
        <DialogBody>
          <DialogTitle>About Dossier</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1 id="about-version">Product Version: {chrome ? productVersion(chrome.version) : '…'}</Body1>
            {chrome && <Body1>Build: {chrome.version}</Body1>}
            {chrome && <Body1>Environment: {chrome.environmentName}</Body1>}
            <Body1>Case management for staff who work with cases, people and documents.</Body1>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
