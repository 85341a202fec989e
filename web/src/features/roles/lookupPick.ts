import type { LookupPurpose } from '../../lib/lookup';
import type { EntityKind } from '../../lib/records';

// A row chosen in the entity lookup.
export interface Picked {
  kind: EntityKind;
  identifier: string;
  display: string;
}

// What picking a row does (spec 2 §4 "Lookup pick"):
// - for a role-holder field, the value goes to the parent form, which becomes dirty, and the person
//   returns to it;
// - for a role grid on a case, a picked case is first checked for a parent it already belongs to
//   under a single-owner role ("Confirm"); otherwise, and for a person's grid, the role is created
//   and a success goes back;
// - for a cross reference, the chosen case number goes back.
export type PickPlan =
  | { step: 'setField'; field: string; value: FieldLink; returnTo: string }
  | { step: 'checkOwnerThenAdd'; returnTo: string }
  | { step: 'add'; returnTo: string }
  | { step: 'returnCaseNumber'; caseNumber: string; returnTo: string };

// How a role-holder field stores its holder: a person by number, a case by its number; the name is
// shown until the form is saved and loaded again.
export interface FieldLink {
  id: string | number;
  display: string;
  kind: EntityKind;
  identifier: string;
}

export function planPick(purpose: LookupPurpose, picked: Picked): PickPlan {
  switch (purpose.purpose) {
    case 'field':
      return {
        step: 'setField',
        field: purpose.field,
        value: {
          id: picked.kind === 'person' && /^\d+$/.test(picked.identifier) ? Number(picked.identifier) : picked.identifier,
          display: picked.display,
          kind: picked.kind,
          identifier: picked.identifier,
        },
        returnTo: purpose.returnTo,
      };
    case 'grid':
      return purpose.parentKind === 'case' && picked.kind === 'case'
        ? { step: 'checkOwnerThenAdd', returnTo: purpose.returnTo }
        : { step: 'add', returnTo: purpose.returnTo };
    case 'crossReference':
      return { step: 'returnCaseNumber', caseNumber: picked.identifier, returnTo: purpose.returnTo };
  }
}

// Create is offered only where the server lets the person create the type, never from a cross
// reference, and only once a search has been run (spec 2 §5).
export function createAllowed(purpose: LookupPurpose, creatableCount: number): boolean {
  return purpose.purpose !== 'crossReference' && creatableCount > 0;
}

// Ten rows a page (spec 2 §9 leaves the size open; decisions.md): a lookup is for picking one
// record, whose number or name was typed — enough to see it among its namesakes without scrolling
// the Choose buttons out of sight, where the search screen's larger page is for browsing.
export const lookupPageSize = 10;

// Spec 2 §9: a double click picks after 100 ms (a second double click in that time picks once).
export const lookupPickDelayMs = 100;

// Relevance with two decimals (spec 2 "Entity lookup search"); nothing when the search had no words.
export function relevanceText(relevance: number): string {
  return relevance > 0 ? relevance.toFixed(2) : '';
}
