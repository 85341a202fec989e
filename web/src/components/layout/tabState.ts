import { sessionStore } from '../../lib/sessionStore';

// The selected tab of a tab strip, kept for the session per active view, parent entity id and
// tab-strip id (spec 1 §4, spec 2 "Dynamic layout"). Signing out forgets it with all tab state.
function key(view: string, parentId: string, stripId: string): string {
  return `tab:${view}|${parentId}|${stripId}`;
}

// A form without a parent id (a new record) keeps no tab state: each new form starts on its first
// tab, whatever tab another new record was left on.
export function savedTab(view: string, parentId: string, stripId: string): string | null {
  return parentId ? sessionStore.get(key(view, parentId, stripId)) : null;
}

export function saveTab(view: string, parentId: string, stripId: string, tabId: string): void {
  if (parentId) sessionStore.set(key(view, parentId, stripId), tabId);
}
