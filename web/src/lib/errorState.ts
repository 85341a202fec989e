import { createStore } from './store';

// The message the generic error page shows (spec 2 §2 "Generic error page").
export const currentError = createStore<string | null>(null);

export function reportError(message: string): void {
  currentError.set(message);
}
