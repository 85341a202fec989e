import { appHref } from './environment';

// Where a menu path leads: a page of the app, or another site.
export function isExternal(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

export function isReportsItem(item: { name: string; path: string }): boolean {
  const path = item.path.toLowerCase();
  return item.name.trim().toLowerCase().startsWith('reports') || path === '/reports' || path.startsWith('/reports/');
}

// Opens a path in a new tab: app paths under this environment, other sites as they are.
export function openInNewTab(path: string): void {
  const address = isExternal(path) ? path : appHref(path);
  window.open(address, '_blank', 'noopener');
}
