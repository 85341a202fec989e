import type { ReactNode } from 'react';

import type { EntityKind } from './records';

// What one feature shows of another's without importing it: the app registers each feature's
// views here at start (app/slots.tsx), and a feature asks for them by name. The record form shows
// the history, previews and a case's documents; the search results show previews.
export interface Slots {
  entityPreview(kind: EntityKind, identifier: string, options: { open: boolean }): ReactNode;
  addressPreview(address: Record<string, string>): ReactNode;
  history(kind: EntityKind, identifier: string): ReactNode;
  documents(caseNumber: string): ReactNode;
  documentPreview(caseNumber: string, guid: string): ReactNode;
}

const missing = (name: string) => () => {
  throw new Error(`The app registered no ${name} view (app/slots.tsx).`);
};

let registered: Slots = {
  entityPreview: missing('entity preview'),
  addressPreview: missing('address preview'),
  history: missing('history'),
  documents: missing('documents'),
  documentPreview: missing('document preview'),
};

export function registerSlots(slots: Slots): void {
  registered = slots;
}

export const slots: Slots = {
  entityPreview: (...args) => registered.entityPreview(...args),
  addressPreview: (...args) => registered.addressPreview(...args),
  history: (...args) => registered.history(...args),
  documents: (...args) => registered.documents(...args),
  documentPreview: (...args) => registered.documentPreview(...args),
};
