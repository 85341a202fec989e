import { sessionStore } from '../../lib/sessionStore';

// The selected tab of a tab strip, kept for the session per active view, parent entity id and
// tab-strip id (spec 1 §4, spec 2 "Dynamic layout"). Signing out forgets it with all tab state.
function key(view: string, parentId: string, stripId: string): string {
  return `tab:${view}|${parentId}|${stripId}`;
}

export function savedTab(view: string, parentId: string, stripId: string): string | null {
  return sessionStore.get(key(view, parentId, stripId));
}

export function saveTab(view: string, parentId: string, stripId: string, tabId: string): void {
  sessionStore.set(key(view, parentId, stripId), tabId);
}
