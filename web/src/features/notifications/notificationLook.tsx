import { makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, ErrorCircleFilled, InfoFilled, WarningFilled } from '@fluentui/react-icons';
import type { ReactElement } from 'react';

import type { Notification } from './api';

// Spec 2 §9: success green, warning amber, info teal, error red.
export const useNotificationColours = makeStyles({
  success: { color: tokens.colorPaletteGreenForeground1, borderLeftColor: tokens.colorPaletteGreenBorderActive },
  warning: { color: tokens.colorPaletteMarigoldForeground1, borderLeftColor: tokens.colorPaletteMarigoldBorderActive },
  info: { color: tokens.colorPaletteTealForeground2, borderLeftColor: tokens.colorPaletteTealBorderActive },
  error: { color: tokens.colorPaletteRedForeground1, borderLeftColor: tokens.colorPaletteRedBorderActive },
});

const icons: Record<Notification['type'], ReactElement> = {
  success: <CheckmarkCircleFilled />,
  warning: <WarningFilled />,
  info: <InfoFilled />,
  error: <ErrorCircleFilled />,
};

const words: Record<Notification['type'], string> = {
  success: 'Success',
  warning: 'Warning',
  info: 'Information',
  error: 'Error',
};

export function notificationIcon(type: Notification['type']): ReactElement {
  return icons[type];
}

// What the icon means, for those who cannot see it.
export function notificationTypeWord(type: Notification['type']): string {
  return words[type];
}
