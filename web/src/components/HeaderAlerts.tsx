import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';

import { alertsStore, dismissAlert, type AlertType, type HeaderAlert } from '../lib/alerts';
import { useStore } from '../lib/store';

const useStyles = makeStyles({
  area: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  // Alerts that go by themselves (a save's "saved") float over the page instead of pushing it
  // down and back up.
  passing: {
    position: 'fixed',
    top: '64px',
    left: '50%',
    transform: 'translateX(-50%)',
    width: 'min(560px, calc(100vw - 32px))',
    zIndex: 1000,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
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

function AlertBar({ alert }: { alert: HeaderAlert }) {
  const styles = useStyles();
  return (
    <MessageBar
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

// The header alert area: every current alert, newest last. Lasting ones take their place above the
// page; passing ones float over it.
export function HeaderAlerts({ className }: { className?: string }) {
  const styles = useStyles();
  const alerts = useStore(alertsStore);
  const lasting = alerts.filter((alert) => alert.durationInSeconds <= 0);
  const passing = alerts.filter((alert) => alert.durationInSeconds > 0);
  return (
    <>
      {lasting.length > 0 && (
        <div className={className ? `${styles.area} ${className}` : styles.area} aria-live="polite">
          {lasting.map((alert) => (
            <AlertBar key={alert.reference} alert={alert} />
          ))}
        </div>
      )}
      {passing.length > 0 && (
        <div className={styles.passing} aria-live="polite" data-testid="passing-alerts">
          {passing.map((alert) => (
            <AlertBar key={alert.reference} alert={alert} />
          ))}
        </div>
      )}
    </>
  );
}
