import { useEffect } from 'react';
import { useRouteError } from 'react-router';

import { ApiError } from '../lib/api';
import { reportError } from '../lib/errorState';
import { ErrorPage } from '../features/errors/ErrorPage';

// A code chunk that cannot be fetched usually means a new version was installed while the page
// was open: the person can act on that.
const updatedMessage = 'Dossier has been updated since this page was opened. Reload the page to continue.';

export function errorMessageOf(error: unknown): string | null {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)) {
    return updatedMessage;
  }
  // Anything else is a fault of the app: the person gets the general apology, the console the
  // details.
  return null;
}

// What a screen that failed to load or render shows in its place: the generic error page with the
// current error message (spec 2 §2), at the same address, so that a reload tries again.
export function RouteError() {
  const error = useRouteError();
  const message = errorMessageOf(error);
  useEffect(() => {
    console.error(error);
    if (message) reportError(message);
  }, [error, message]);
  return <ErrorPage message={message} />;
}
