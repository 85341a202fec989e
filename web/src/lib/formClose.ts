import { answer, api } from './api';
import type { FormCloseResult } from './api/types';
import { within } from './dirtyForms';
import { viaHub } from './hub';
import { createStore } from './store';

// The forms on screen whose type has a form-close macro (the form load's closeCheck): leaving one
// asks the server first, and the macro may keep the person on it (spec 1 §4, §8).
export interface ClosingForm {
  path: string;
  kind: 'case' | 'person';
  identifier?: string;  // a stored record
  type?: string;  // a new record's type
  values: () => Record<string, unknown>;  // what the form holds now
}

export const closingForms = createStore<ReadonlyMap<string, ClosingForm>>(new Map());

export function registerClosingForm(id: string, form: ClosingForm | null): void {
  closingForms.set((current) => {
    const next = new Map(current);
    if (form) next.set(id, form);
    else next.delete(id);
    return next;
  });
}

// The forms that going from `from` to `to` closes.
export function formsClosedBy(forms: Iterable<ClosingForm>, from: string, to: string): ClosingForm[] {
  return [...forms].filter((form) => within(from, form.path) && !within(to, form.path));
}

// The macro's answer, over the realtime hub when it is connected.
export function askToClose(form: ClosingForm): Promise<FormCloseResult> {
  const body = { ...(form.identifier ? { identifier: form.identifier } : { type: form.type }), values: form.values() };
  const path = form.kind === 'case' ? '/form/case/close' : '/form/person/close';
  return viaHub<FormCloseResult>('POST', path, body, () =>
    form.kind === 'case' ? answer(api.POST('/form/case/close', { body })) : answer(api.POST('/form/person/close', { body })),
  );
}
