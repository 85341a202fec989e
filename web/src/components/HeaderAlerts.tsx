import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';

import { alertsStore, dismissAlert, type AlertType, type HeaderAlert } from '../lib/alerts';
import { useStore } from '../lib/store';
import { useMessageBarLook } from './messageLook';

const useStyles = makeStyles({
  area: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  // Alerts that go by themselves (a save's "saved") float over the page instead of pushing it
  // down and back up: at the bottom, where they cover neither the breadcrumb nor a record's header
  // and its Save, and above any panel or menu. The shell places them in the page's own column;
  // their right edge is the pages' own (spacingHorizontalXL), so they line up with the form.
  passing: {
    position: 'fixed',
    bottom: tokens.spacingVerticalL,
    right: tokens.spacingHorizontalXL,
    width: `min(420px, calc(100% - 2 * ${tokens.spacingHorizontalXL}))`,
    zIndex: 1000,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  toast: {
    boxShadow: tokens.shadow16,
  },
  text: {
    // Server messages keep their line breaks (spec 1 §8).
    whiteSpace: 'pre-line',
  },
});

const intents: Record<AlertType, 'info' | 'success' | 'warning' | 'error'> = {
  none: 'info',
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
};

function AlertBar({ alert, className }: { alert: HeaderAlert; className?: string }) {
  const styles = useStyles();
  const look = useMessageBarLook();
  return (
    <MessageBar
      className={mergeClasses(alert.type !== 'none' && look[alert.type], className)}
      intent={intents[alert.type]}
      icon={alert.type === 'none' ? null : undefined}
      data-alert-type={alert.type}
      role={alert.type === 'error' ? 'alert' : 'status'}
    >
      <MessageBarBody className={styles.text}>{alert.message}</MessageBarBody>
      {alert.closable && (
        <MessageBarActions
          containerAction={
            <Button appearance="transparent" aria-label="Dismiss" icon={<DismissRegular />} onClick={() => dismissAlert(alert.reference)} />
          }
        />
      )}
    </MessageBar>
  );
}

// The alerts that go by themselves, newest last, floating over the page.
export function PassingAlerts({ className }: { className?: string }) {
  const styles = useStyles();
  const passing = useStore(alertsStore).filter((alert) => alert.durationInSeconds > 0);
  if (passing.length === 0) return null;
  return (
    <div className={mergeClasses(styles.passing, className)} aria-live="polite" data-testid="passing-alerts">
      {passing.map((alert) => (
        <AlertBar key={alert.reference} alert={alert} className={styles.toast} />
      ))}
    </div>
  );
}

// The header alert area: every current alert, newest last. Lasting ones take their place above the
// page; passing ones float over it, unless the page places them itself (`passing={false}`).
export function HeaderAlerts({ className, passing = true }: { className?: string; passing?: boolean }) {
  const styles = useStyles();
  const lasting = useStore(alertsStore).filter((alert) => alert.durationInSeconds <= 0);
  return (
    <>
      {lasting.length > 0 && (
        <div className={mergeClasses(styles.area, className)} aria-live="polite">
          {lasting.map((alert) => (
            <AlertBar key={alert.reference} alert={alert} />
          ))}
        </div>
      )}
      {passing && <PassingAlerts />}
    </>
  );
}
