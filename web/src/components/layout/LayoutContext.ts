import { createContext, useContext, type ReactNode } from 'react';

import type { ScreenClass } from '../../lib/screen';
import type { ControlProps } from './fields/TextControls';
import type { FieldErrors, Values } from './layoutModel';

// The control of a data field, drawn inside its label, hint and error (FieldControl).
export type FieldControlType = (props: ControlProps) => ReactNode;

// Controls by component type that a layout's user supplies in place of the built-in ones: the
// same type can mean another thing there (a report's PersonRoleField is a filter on the persons
// who hold a role, not the one person who holds it on this record).
export type FieldControls = Readonly<Record<string, FieldControlType>>;

export interface LayoutContextValue {
  values: Values;
  errors: FieldErrors;
  onChange: (field: string, value: unknown) => void;
  screen: ScreenClass;
  // Keys of the saved tab state: the view (e.g. "case") and the record it shows.
  view: string;
  parentId: string;
  // Buttons that open previews in the information bar.
  onPreviewLink?: (kind: 'case' | 'person', identifier: string) => void;
  onPreviewAddress?: (label: string, address: Record<string, string>) => void;
  // The form's own address, and a way to open one of its child screens (a lookup, a role holder)
  // that keeps its unsaved values for when the person comes back.
  address?: string;
  typeName?: string;
  openChild?: (to: string, state?: unknown) => void;
  // The user's own controls, preferred to the built-in ones of the same types.
  controls?: FieldControls;
}

export const LayoutContext = createContext<LayoutContextValue | null>(null);

export function useLayout(): LayoutContextValue {
  const context = useContext(LayoutContext);
  if (!context) throw new Error('useLayout outside a DynamicLayout');
  return context;
}

// Puts the cursor in a field's control (from the validation summary). Fields are found by the
// data-field attribute of their wrapper, so that every kind of control can be reached. Where text is
// typed comes first (a rich text field's editor, not the toolbar above it), then anything else that
// takes the focus. A field not there yet (its tab's content is still appearing) leaves the focus on
// the tab panel just shown, while it is focusable (Containers.tsx `tabFocusAttributesMs`).
export function focusField(field: string, root: ParentNode = document): boolean {
  const wrapper = root.querySelector(`[data-field="${CSS.escape(field)}"]`);
  const control =
    wrapper?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, [contenteditable="true"]') ??
    wrapper?.querySelector<HTMLElement>('button, [tabindex]:not([tabindex="-1"]), a[href]');
  if (!control) {
    const panel = wrapper ? null : root.querySelector<HTMLElement>('[role="tabpanel"][tabindex="-1"]:not([hidden])');
    panel?.focus({ preventScroll: true });
    return false;
  }
  control.focus();
  control.scrollIntoView?.({ block: 'center' });
  return true;
}

// Puts the cursor in the first field of a form that can be typed in or changed.
export function focusFirstField(root: ParentNode | null): boolean {
  const control = root?.querySelector<HTMLElement>(
    '[data-field] input:not([type="hidden"]):not(:disabled):not([readonly]), [data-field] textarea:not(:disabled):not([readonly]), [data-field] [contenteditable="true"], [data-field] button[role="combobox"]:not(:disabled)',
  );
  if (!control) return false;
  control.focus();
  return true;
}
