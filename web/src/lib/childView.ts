// A child view is a tab opened to choose a role holder for another record (spec 1 §2). It hides
// the menu, the search box and Log Out. It is opened with ?view=child, and stays a child view for
// the life of the tab (the tab's session storage remembers it).
const KEY = 'dossier:childView';

export function isChildView(): boolean {
  if (typeof window === 'undefined') return false;
  if (new URLSearchParams(window.location.search).get('view') === 'child') {
    window.sessionStorage.setItem(KEY, 'true');
  }
  return window.sessionStorage.getItem(KEY) === 'true';
}

