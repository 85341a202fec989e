import type { ReactElement } from 'react';
import { vi, type Mock } from 'vitest';

import { LayoutContext, type LayoutContextValue } from '../components/layout/LayoutContext';
import { field } from './layoutComponents';
import { renderElement, type Rendered } from './render';

// A view of what a record holds as a record's form shows it: inside the form's layout, whose
// openChild records the child screens it opens.
export function renderRecordView(view: ReactElement, path: string): Rendered & { openChild: Mock<(to: string, state?: unknown) => void> } {
  const openChild = vi.fn<(to: string, state?: unknown) => void>();
  const context: LayoutContextValue = { values: {}, errors: {}, onChange: () => undefined, screen: 'large', view: 'case', parentId: '', address: path, openChild };
  const rendered = renderElement(<LayoutContext.Provider value={context}>{view}</LayoutContext.Provider>, path);
  return { ...rendered, openChild };
}

// The layout component of a view, as the server sends it (a CrossReferences view headed "Links").
export function viewComponent(type: string, label = '') {
  return field(type, type.toLowerCase(), { label });
}
