import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';
import type {} from 'altcha/types/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useEffectEvent, useRef } from 'react';

import type { BotCheckSolverProps } from './botCheckSolver';
import { texts } from './texts';

// The external build has no workers of its own: the default one makes them from blob: addresses,
// which the Content-Security-Policy (script-src 'self') refuses. Vite builds this one into a file
// of /assets, which it allows. The server's challenges are SHA-256 (altcha protocol 1).
globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
globalThis.$altcha.i18n.set('en', {
  ...globalThis.$altcha.i18n.get('en'),
  label: texts.botCheckLabel,
  verifying: texts.botCheckWorking,
  verified: texts.botCheckDone,
  expired: texts.botCheckExpired,
  error: texts.botCheckFailed,
});
// No link to the widget's makers in a sign-in form, and no pointer tracking: the server does not
// ask for it.
globalThis.$altcha.defaults.set({ hideFooter: true, hideLogo: true, humanInteractionSignature: false });

// The widget in the app's colours: Fluent's tokens follow the theme, high contrast included.
const useStyles = makeStyles({
  widget: {
    display: 'block',
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    '--altcha-max-width': '100%',
    '--altcha-border-radius': tokens.borderRadiusMedium,
    '--altcha-border-color': tokens.colorNeutralStroke1,
    '--altcha-color-base': tokens.colorNeutralBackground1,
    '--altcha-color-base-content': tokens.colorNeutralForeground1,
    '--altcha-color-neutral': tokens.colorNeutralStroke1,
    '--altcha-color-neutral-content': tokens.colorNeutralForeground2,
    '--altcha-color-primary': tokens.colorBrandBackground,
    '--altcha-color-primary-content': tokens.colorNeutralForegroundOnBrand,
    // Ticked as Fluent's own checkbox is.
    '--altcha-color-success': tokens.colorCompoundBrandBackground,
    '--altcha-color-success-content': tokens.colorNeutralForegroundInverted,
    '--altcha-color-error': tokens.colorStatusDangerBackground3,
    '--altcha-color-error-content': tokens.colorNeutralForegroundOnBrand,
    '--altcha-checkbox-border-color': tokens.colorNeutralStrokeAccessible,
    '--altcha-checkbox-outline-color': tokens.colorStrokeFocus2,
    '--altcha-spinner-color': tokens.colorBrandForeground1,
  },
});

interface WidgetState {
  state: string;
  payload?: string | null;
}

// The altcha widget (a web component), given the challenge the API client fetched; it solves it
// as soon as it is shown, so the person has nothing to tick.
export function AltchaSolver({ challenge, onSolved, onWithdrawn, onExpired, onFailed }: BotCheckSolverProps) {
  const styles = useStyles();
  const ref = useRef<HTMLElement>(null);
  const stateChanged = useEffectEvent(({ state, payload }: WidgetState) => {
    if (state === 'verified' && payload) onSolved(payload);
    else if (state === 'error') onFailed();
    else if (state === 'unverified') onWithdrawn();
  });
  const expired = useEffectEvent(() => onExpired());

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const onState = (event: Event) => stateChanged((event as CustomEvent<WidgetState>).detail);
    const onExpiry = () => expired();
    widget.addEventListener('statechange', onState);
    widget.addEventListener('expired', onExpiry);
    return () => {
      widget.removeEventListener('statechange', onState);
      widget.removeEventListener('expired', onExpiry);
    };
  }, []);

  return <altcha-widget ref={ref} className={styles.widget} challenge={JSON.stringify(challenge)} auto="onload" language="en" />;
}
