import { useEffect } from 'react';
import { useBlocker, useLocation } from 'react-router';

import { ConfirmDialog } from '../../components/Dialogs';
import { isTokenExpired } from '../../lib/session';
import { dirtyForms, leaveQuestion } from '../../lib/dirtyForms';
import { useStore } from '../../lib/store';

// Leaving a page with unsaved changes asks first (spec 1 §4); an expired session leaves without
// asking. Closing or reloading the tab gets the browser's own question.
export function UnsavedChangesGuard() {
  const forms = useStore(dirtyForms);
  const location = useLocation();
  // The store is read at the moment of navigating, not as last rendered: a form that has just
  // saved and moves on is no longer dirty.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !isTokenExpired() && leaveQuestion(dirtyForms.get().values(), currentLocation.pathname, nextLocation.pathname) !== null,
  );

  useEffect(() => {
    if (forms.size === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [forms]);

  const question = blocker.state === 'blocked' ? leaveQuestion(forms.values(), location.pathname, blocker.location.pathname) : null;
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Unsaved changes"
      confirmText="Leave and discard"
      cancelText="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {question ?? 'You have unsaved changes. Leave and discard them?'}
    </ConfirmDialog>
  );
}
