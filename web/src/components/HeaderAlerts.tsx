import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';

import { alertsStore, dismissAlert, type AlertType } from '../lib/alerts';
import { useStore } from '../lib/store';

const useStyles = makeStyles({
  area: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
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

// The header alert area: every current alert, newest last.
export function HeaderAlerts({ className }: { className?: string }) {
  const styles = useStyles();
  const alerts = useStore(alertsStore);
  if (alerts.length === 0) return null;
  return (
    <div className={className ? `${styles.area} ${className}` : styles.area} aria-live="polite">
      {alerts.map((alert) => (
        <MessageBar
          key={alert.reference}
          intent={intents[alert.type]}
          icon={alert.type === 'none' ? null : undefined}
          data-alert-type={alert.type}
          role={alert.type === 'error' ? 'alert' : 'status'}
        >
          <MessageBarBody className={styles.text}>{alert.message}</MessageBarBody>
          {alert.closable && (
            <MessageBarActions
              containerAction={
                <Button
                  appearance="transparent"
                  aria-label="Dismiss"
                  icon={<DismissRegular />}
                  onClick={() => dismissAlert(alert.reference)}
                />
              }
            />
          )}
        </MessageBar>
      ))}
    </div>
  );
}
