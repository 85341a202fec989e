import { useEffect, useEffectEvent, useState } from 'react';
import { useBlocker, useLocation } from 'react-router';

import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { showAlert } from '../../lib/alerts';
import { appPathOf } from '../../lib/environment';
import { isTokenExpired } from '../../lib/session';
import { dirtyForms, leaveQuestion } from '../../lib/dirtyForms';
import { askToClose, closingForms, formsClosedBy } from '../../lib/formClose';
import { discardDraftsLeft } from '../../lib/formDrafts';
import { useStore } from '../../lib/store';

// Leaving a page with unsaved changes asks first (spec 1 §4); an expired session leaves without
// asking. Closing or reloading the tab gets the browser's own question. Leaving a form whose type
// has a form-close macro asks the server first: the macro may keep the person there, and its
// message is shown in an error dialog (spec 1 §8).
export function UnsavedChangesGuard() {
  const forms = useStore(dirtyForms);
  const location = useLocation();
  // The store is read at the moment of navigating, not as last rendered: a form that has just
  // saved and moves on is no longer dirty.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !isTokenExpired() &&
      (leaveQuestion(dirtyForms.get().values(), currentLocation.pathname, nextLocation.pathname) !== null ||
        formsClosedBy(closingForms.get().values(), currentLocation.pathname, nextLocation.pathname).length > 0),
  );
  // The close checks of the forms a blocked navigation would close: refused (with the macro's
  // message) or allowed, for that navigation; none yet while they are asked.
  const [verdict, setVerdict] = useState<{ key: string; refusal: string | null } | null>(null);
  const blockedTo = blocker.state === 'blocked' ? blocker.location : null;
  // A blocked navigation's location is the router's own, with the environment in front.
  const blockedPath = blockedTo ? appPathOf(blockedTo.pathname) : null;
  const from = location.pathname;
  const proceedNow = useEffectEvent(() => blocker.proceed?.());
  useEffect(() => {
    if (blockedTo === null) return;
    const to = appPathOf(blockedTo.pathname);
    const closing = formsClosedBy(closingForms.get().values(), from, to);
    if (closing.length === 0) return;
    let current = true;
    void Promise.all(closing.map((form) => askToClose(form).catch(() => null))).then((answers) => {
      if (!current) return;
      for (const answer of answers) answer?.alerts.forEach((alert) => showAlert(alert));
      // A check that could not be made does not trap anyone on a form. Allowed with nothing left
      // to ask, the navigation goes on (nothingToAsk below).
      const refusal = answers.find((answer) => answer && !answer.canClose);
      setVerdict({ key: blockedTo.key, refusal: refusal ? refusal.message || 'This form cannot be closed now.' : null });
    });
    return () => {
      current = false;
    };
  }, [blockedTo, from]);

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
    // What the forms left behind held for their child screens is discarded with them.
    if (blockedPath !== null) discardDraftsLeft(blockedPath);
    const proceed = blocker.proceed;
    whenAppIsReadable(() => proceed?.());
  };

  const question = blockedPath !== null ? leaveQuestion(forms.values(), location.pathname, blockedPath) : null;
  const checked = useStore(closingForms);
  const needsCheck = blockedPath !== null && formsClosedBy(checked.values(), location.pathname, blockedPath).length > 0;
  const answered = verdict !== null && verdict.key === blockedKey ? verdict : null;
  const allowed = !needsCheck || (answered !== null && answered.refusal === null);
  const refused = answered?.refusal ?? null;
  // A form that saved while the navigation was held (its close check or its question on the way)
  // leaves nothing to ask about: the person goes where they asked, rather than stay held with no
  // dialog to answer.
  const nothingToAsk = blockedKey !== null && blockedKey !== goingTo && allowed && question === null;
  useEffect(() => {
    if (nothingToAsk) proceedNow();
  }, [nothingToAsk]);
  return (
    <>
      <MessageDialog open={refused !== null} title="Error" onClose={() => blocker.reset?.()}>
        {refused}
      </MessageDialog>
      <ConfirmDialog
        open={allowed && question !== null && blockedKey !== null && blockedKey !== goingTo}
        title="Unsaved changes"
        confirmText="Leave and discard"
        cancelText="Stay"
        destructive
        onConfirm={leave}
        onCancel={() => blocker.reset?.()}
      >
        {question ?? 'You have unsaved changes. Leave and discard them?'}
      </ConfirmDialog>
    </>
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
