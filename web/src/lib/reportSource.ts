// A reload of an address that still carries the report viewer's source fragment drops it, except
// on /reports itself (spec 1 §2). Returns the address to show instead, or null to leave it.
export function withoutReportSource(pathname: string, search: string, hash: string): string | null {
  if (/^#\/?source/i.test(hash) && !/\/reports\/?$/i.test(pathname)) return `${pathname}${search}`;
  return null;
}

export function stripReportSourceFragment(): void {
  const { pathname, search, hash } = window.location;
  const address = withoutReportSource(pathname, search, hash);
  if (address !== null) window.history.replaceState(window.history.state, '', address);
}
