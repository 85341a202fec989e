import type { ReactNode } from 'react';

import type { LayoutComponent, Schemas } from './api/types';
import type { EntityKind } from './records';

// Where a record's form is, for a view inside it that opens child screens.
export interface RecordPlace {
  kind: EntityKind;
  identifier: string;  // empty for a record not yet saved
  typeName: string;
  readOnly: boolean;
}

// What one feature shows of another's without importing it: the app registers each feature's
// views here at start (app/slots.tsx), and a feature asks for them by name. The record form shows
// the history, previews, a case's documents and role holders; the search results show previews.
export interface Slots {
  entityPreview(kind: EntityKind, identifier: string, options: { open: boolean }): ReactNode;
  addressPreview(address: Record<string, string>): ReactNode;
  history(kind: EntityKind, identifier: string): ReactNode;
  // A case's documents, or those filed with one of its actions.
  documents(caseNumber: string, actionGuid?: string): ReactNode;
  documentPreview(caseNumber: string, guid: string): ReactNode;
  // A report filed in a case as it is now, run with the filters it was filed with; `filed` (the
  // copy filed) where the person may not run it.
  filedReport(reportCode: string, filters: readonly Schemas['ReportFilterValue'][], filed: ReactNode): ReactNode;
  roles(place: RecordPlace, component: LayoutComponent): ReactNode;
  rolesHeld(place: RecordPlace, component: LayoutComponent): ReactNode;
  alternateNames(place: RecordPlace, component: LayoutComponent): ReactNode;
  comments(place: RecordPlace, component: LayoutComponent): ReactNode;
  crossReferences(place: RecordPlace, component: LayoutComponent): ReactNode;
  caseActions(place: RecordPlace, component: LayoutComponent): ReactNode;
  taskBar(kind: EntityKind, identifier: string): ReactNode;
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
  filedReport: missing('filed report'),
  roles: missing('role holders'),
  rolesHeld: missing('roles held'),
  alternateNames: missing('alternate names'),
  comments: missing('comments'),
  crossReferences: missing('cross references'),
  caseActions: missing('case actions'),
  taskBar: missing('task bar'),
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
  filedReport: (...args) => registered.filedReport(...args),
  roles: (...args) => registered.roles(...args),
  rolesHeld: (...args) => registered.rolesHeld(...args),
  alternateNames: (...args) => registered.alternateNames(...args),
  comments: (...args) => registered.comments(...args),
  crossReferences: (...args) => registered.crossReferences(...args),
  caseActions: (...args) => registered.caseActions(...args),
  taskBar: (...args) => registered.taskBar(...args),
};
