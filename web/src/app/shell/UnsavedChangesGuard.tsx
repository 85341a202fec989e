import { useEffect, useState } from 'react';
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

  // Leaving closes the dialog, then waits until the app is readable again: Fluent's focus manager
  // gives the page back to screen readers a moment after the dialog has gone (it debounces), and a
  // page changed before that (the top bar's search box, which the focus goes back to, is not on the
  // search page) left #root aria-hidden for good.
  const [goingTo, setGoingTo] = useState<string | null>(null);
  const blockedKey = blocker.state === 'blocked' ? blocker.location.key : null;
  const leave = () => {
    setGoingTo(blockedKey);
    const proceed = blocker.proceed;
    whenAppIsReadable(() => proceed?.());
  };

  const question = blocker.state === 'blocked' ? leaveQuestion(forms.values(), location.pathname, blocker.location.pathname) : null;
  return (
    <ConfirmDialog
      open={blockedKey !== null && blockedKey !== goingTo}
      title="Unsaved changes"
      confirmText="Leave and discard"
      cancelText="Stay"
      destructive
      onConfirm={leave}
      onCancel={() => blocker.reset?.()}
    >
      {question ?? 'You have unsaved changes. Leave and discard them?'}
    </ConfirmDialog>
  );
}

function whenAppIsReadable(then: () => void) {
  const root = document.getElementById('root');
  if (!root?.hasAttribute('aria-hidden')) {
    setTimeout(then, 0);
    return;
  }
  const done = () => {
    observer.disconnect();
    clearTimeout(fallback);
    then();
  };
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute('aria-hidden')) done();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['aria-hidden'] });
  // Should the focus manager never give it back, the person still gets where they asked to go.
  const fallback = setTimeout(done, 1000);
}
