import { makeStyles, shorthands, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, ErrorCircleFilled, InfoFilled, WarningFilled } from '@fluentui/react-icons';
import type { ReactElement } from 'react';

// How each kind of message looks wherever it is shown — a notification, a passing alert, a header
// alert (spec 2 §9 "Notification colours"): success green, warning amber, info teal, error red.
export type MessageType = 'success' | 'warning' | 'info' | 'error';

// The colour of a message's icon and of the stripe beside it.
export const useMessageColours = makeStyles({
  success: { color: tokens.colorPaletteGreenForeground1, borderLeftColor: tokens.colorPaletteGreenBorderActive },
  warning: { color: tokens.colorPaletteMarigoldForeground1, borderLeftColor: tokens.colorPaletteMarigoldBorderActive },
  info: { color: tokens.colorPaletteTealForeground2, borderLeftColor: tokens.colorPaletteTealBorderActive },
  error: { color: tokens.colorPaletteRedForeground1, borderLeftColor: tokens.colorPaletteRedBorderActive },
});

// A message bar in its type's colour: Fluent's own info bar is grey, its warning orange.
export const useMessageBarLook = makeStyles({
  success: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    ...shorthands.borderColor(tokens.colorPaletteGreenBorder1),
    '& .fui-MessageBar__icon': { color: tokens.colorPaletteGreenForeground1 },
  },
  warning: {
    backgroundColor: tokens.colorPaletteMarigoldBackground1,
    ...shorthands.borderColor(tokens.colorPaletteMarigoldBorder1),
    '& .fui-MessageBar__icon': { color: tokens.colorPaletteMarigoldForeground1 },
  },
  info: {
    backgroundColor: tokens.colorPaletteTealBackground2,
    ...shorthands.borderColor(tokens.colorPaletteTealBorderActive),
    '& .fui-MessageBar__icon': { color: tokens.colorPaletteTealForeground2 },
  },
  error: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    ...shorthands.borderColor(tokens.colorPaletteRedBorder1),
    '& .fui-MessageBar__icon': { color: tokens.colorPaletteRedForeground1 },
  },
});

const icons: Record<MessageType, ReactElement> = {
  success: <CheckmarkCircleFilled />,
  warning: <WarningFilled />,
  info: <InfoFilled />,
  error: <ErrorCircleFilled />,
};

const words: Record<MessageType, string> = {
  success: 'Success',
  warning: 'Warning',
  info: 'Information',
  error: 'Error',
};

export function messageIcon(type: MessageType): ReactElement {
  return icons[type];
}

// What the icon means, for those who cannot see it.
export function messageTypeWord(type: MessageType): string {
  return words[type];
}
