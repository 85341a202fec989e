import { Navigate, Outlet, useLocation } from 'react-router';

// Paths are lower-cased before the query string (spec 1 §2, spec 2 §2).
export function LowercasePaths() {
  const location = useLocation();
  const lower = location.pathname.toLowerCase();
  if (lower !== location.pathname) {
    // What was typed is kept, for the screens that show it (lib/typedPath.ts).
    const state = { ...(location.state as object | null), typedPath: location.pathname };
    return <Navigate to={{ pathname: lower, search: location.search, hash: location.hash }} state={state} replace />;
  }
  return <Outlet />;
}
