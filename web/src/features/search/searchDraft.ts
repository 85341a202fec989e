// What a person typed in the search screen's box without searching yet, kept per history entry
// (its location key) in this tab, so that coming back to a search — back, forward, a reload —
// shows the words as they were left (spec 1 §9 "search value change debounce", decisions.md
// "Search screen timings").
const prefix = 'dossier:searchDraft:';

export function keepSearchDraft(entry: string, text: string | null): void {
  try {
    if (text === null) window.sessionStorage.removeItem(prefix + entry);
    else window.sessionStorage.setItem(prefix + entry, text);
  } catch {
    // A browser that refuses storage keeps no draft.
  }
}

export function searchDraft(entry: string): string | null {
  try {
    return window.sessionStorage.getItem(prefix + entry);
  } catch {
    return null;
  }
}
