// The environment key is the first segment of the page's path: /demo/home → "demo". Every API
// call is made under /api/{environment}/ and the router's basename is /{environment}.
export function environmentKeyFrom(pathname: string): string {
  const first = pathname.split('/').find((segment) => segment.length > 0) ?? '';
  return decodeURIComponent(first).toLowerCase();
}

export const environmentKey: string = environmentKeyFrom(
  typeof window === 'undefined' ? '/' : window.location.pathname,
);

export const basePath = `/${environmentKey}`;

// An address inside the app (e.g. "/home") as a full path with the environment in front.
export function appHref(path: string): string {
  return `${basePath}${path.startsWith('/') ? path : `/${path}`}`;
}

// A path of the router's own locations (they carry the environment: /demo/case/42) as an address
// inside the app (/case/42), as useLocation gives it.
export function appPathOf(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower === basePath || lower.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) || '/' : pathname;
}
