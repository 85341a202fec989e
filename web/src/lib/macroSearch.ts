import type { Schemas } from './api/types';

// A macro search (spec 2 §2 "Macro entity search"): a task step's macro asks the person to choose
// a record and waits. The screen that ran it opens the search with the macro's page data in the
// history state; the search leaves the person's answer here, under the macro's correlation id,
// and goes back; the screen sends the answer on, and the macro runs again with it.
export type MacroSearchPageData = Schemas['MacroSearchPageData'];

export interface MacroSearchState {
  macroSearch: MacroSearchPageData;
  returnTo: string;
}

// The record chosen, or none (the person chose none).
export interface MacroAnswer {
  entity?: 'Case' | 'Person';
  entityIdentifier?: string;
}

export function isMacroSearchState(value: unknown): value is MacroSearchState {
  const state = value as Partial<MacroSearchState> | null;
  return (
    !!state &&
    typeof state.returnTo === 'string' &&
    !!state.macroSearch &&
    Array.isArray(state.macroSearch.entityCodes) &&
    typeof state.macroSearch.macroExecutionCorrelationId === 'string'
  );
}

// Where the search of a screen at `path` is: beneath it, so that leaving it goes back there.
export function macroSearchPath(path: string): string {
  return `${path.replace(/\/+$/, '')}/macrosearch`;
}

// What the screen that asked does with the answer (sends it to the macro); it outlives that
// screen, which is left while the person searches.
type Continuation = (answer: MacroAnswer) => Promise<void>;

const asked = new Map<string, { returnTo: string; continueWith: Continuation }>();
// The question a new record's form beneath a macro search answers, by the form's path: a lookup
// opened from the form comes back to it without the history state.
const creatingFor = new Map<string, MacroSearchState>();
const answeredAt = new Set<string>();
const answered = new Set<string>();

function key(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '');
}

// Opens the macro search beneath the screen at `returnTo`; the answer goes to `continueWith`.
export function askMacroSearch(
  navigate: (to: string, options: { state: MacroSearchState }) => unknown,
  returnTo: string,
  macroSearch: MacroSearchPageData,
  continueWith: Continuation,
): void {
  asked.set(macroSearch.macroExecutionCorrelationId, { returnTo, continueWith });
  void navigate(macroSearchPath(returnTo), { state: { macroSearch, returnTo } });
}

// The person's answer: sent on by the screen that asked (nothing when it is gone, as after a
// reload of the page: its record still offers the question again).
export function answerMacroSearch(state: MacroSearchState, answer: MacroAnswer): void {
  const id = state.macroSearch.macroExecutionCorrelationId;
  const waiting = asked.get(id);
  asked.delete(id);
  answered.add(id);
  if (!waiting) return;
  answeredAt.add(key(waiting.returnTo));
  void waiting.continueWith(answer);
}

// Whether the screen at `path` just had a macro search answered, taken once (it shows where the
// answer went: a record's task bar).
export function takeAnsweredAt(path: string): boolean {
  return answeredAt.delete(key(path));
}

// The question the new record's form at `path` answers: the one its history state carries (kept),
// or the one kept for the path; none once answered.
export function questionFor(path: string, fromHistory: unknown): MacroSearchState | null {
  if (isMacroSearchState(fromHistory)) creatingFor.set(key(path), fromHistory);
  const state = creatingFor.get(key(path)) ?? null;
  return state && !isAnswered(state) ? state : null;
}

// Whether this tab has answered the question already: going back to its search passes it by.
export function isAnswered(state: MacroSearchState): boolean {
  return answered.has(state.macroSearch.macroExecutionCorrelationId);
}

export function forgetMacroSearches(): void {
  asked.clear();
  answeredAt.clear();
  answered.clear();
  creatingFor.clear();
}
