import type { ReactNode } from 'react';

import { createStore } from './store';

// The information bar on the right (spec 1 §2): panels in a fixed order, each collapsible. Screens
// put content in a panel; the shell shows the bar, closes it on navigation and with its close
// button, and then forgets the panels (a document preview's guid is cleared when the bar closes).
export type PanelId =
  | 'taskBar'
  | 'entityPreview'
  | 'addressPreview'
  | 'documentPreview'
  | 'validationSummary'
  | 'notification'
  | 'reportPreview';

export const panelOrder: readonly PanelId[] = [
  'taskBar',
  'entityPreview',
  'addressPreview',
  'documentPreview',
  'validationSummary',
  'notification',
  'reportPreview',
];

export interface Panel {
  title: string;
  content: ReactNode;
  expanded: boolean;
}

export interface InformationBarState {
  open: boolean;
  panels: Partial<Record<PanelId, Panel>>;
  // Whether opening the bar takes the focus into it: yes when the person asked for a panel, no when
  // a screen shows one beside itself as it opens (a role screen's parent preview).
  takeFocus?: boolean;
  // Closed by a change of screen: the bar goes at once rather than sliding out, so that the new
  // screen has its full width as it is shown, not a moment later under the pointer.
  closedAtOnce?: boolean;
  // The information overlay (spec 2 "Previews"): the bar's previews in a large dialog, titled per
  // request; closed with the bar.
  overlayTitle?: string | null;
}

export const informationBar = createStore<InformationBarState>({ open: false, panels: {} });

// Puts content in a panel (expanded) and opens the bar.
export function showPanel(id: PanelId, panel: { title: string; content: ReactNode }, open = true, takeFocus = true): void {
  informationBar.set((state) => ({
    open: open || state.open,
    panels: { ...state.panels, [id]: { ...panel, expanded: true } },
    takeFocus: state.open ? state.takeFocus : takeFocus,
  }));
}

export function removePanel(id: PanelId): void {
  informationBar.set((state) => {
    const panels = Object.fromEntries(Object.entries(state.panels).filter(([key]) => key !== id));
    return { open: state.open && Object.keys(panels).length > 0, panels };
  });
}

export function togglePanel(id: PanelId): void {
  informationBar.set((state) => {
    const panel = state.panels[id];
    if (!panel) return state;
    return { ...state, panels: { ...state.panels, [id]: { ...panel, expanded: !panel.expanded } } };
  });
}

export function openInformationBar(): void {
  informationBar.set((state) => ({ ...state, open: true }));
}

// Shows the bar's previews in the information overlay, under this title.
export function openInformationOverlay(title: string): void {
  informationBar.set((state) => ({ ...state, overlayTitle: title }));
}

export function closeInformationOverlay(): void {
  informationBar.set((state) => ({ ...state, overlayTitle: null }));
}

export function closeInformationBar(): void {
  informationBar.set({ open: false, panels: {} });
}

// Navigation's close: no slide, the screen that follows is laid out once.
export function closeInformationBarAtOnce(): void {
  informationBar.set({ open: false, panels: {}, closedAtOnce: true });
}

// The panels that show something to look at (spec 2 "Previews"), which the information overlay
// shows larger; the others hold work in progress (a task bar, a validation summary) that belongs
// beside the form.
export const previewPanels: readonly PanelId[] = ['entityPreview', 'addressPreview', 'documentPreview', 'reportPreview'];

export function visiblePreviews(state: InformationBarState): Array<[PanelId, Panel]> {
  return visiblePanels(state).filter(([id]) => previewPanels.includes(id));
}

export function visiblePanels(state: InformationBarState): Array<[PanelId, Panel]> {
  return panelOrder.flatMap((id) => {
    const panel = state.panels[id];
    return panel ? [[id, panel] as [PanelId, Panel]] : [];
  });
}
