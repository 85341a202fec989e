import { Body1, Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { ConfirmDialog } from '../../components/Dialogs';
import { ApiError } from '../../lib/api';
import { useDateFormat } from '../../lib/format';
import { environmentSettingsQuery } from '../../lib/settings';
import { authErrors } from './errors';
import { SessionCard } from './SessionCard';
import { AccountDialogStep } from './AccountDialogStep';
import { sessionsQuery, type OpenSession } from './sessionsApi';
import { useEndOtherSessions, useEndSession } from './sessionsMutations';
import { sessionsTexts as texts } from './sessionsTexts';
import { lastUsedWhen, methodWords } from './sessionWords';
import { TwoFactorNotice, type Notice } from './TwoFactorNotice';
import { useMinuteClock } from './useMinuteClock';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
});

function failureText(caught: unknown): string {
  return caught instanceof ApiError ? caught.message : texts.failed;
}

// The person's open sessions, this one first: any other can be ended, or all of them at once
// after asking; this one is signed out of as the user menu's Log Out does. What an ending did is
// said above the list, and the focus goes on to the next session's End button, or to the title
// when none is left, since the button that had it goes with the session.
export function SessionsOverview({
  sessions,
  onClose,
  onSignOut,
}: {
  sessions: OpenSession[];
  onClose: () => void;
  onSignOut: () => void;
}) {
  const styles = useStyles();
  const dateFormat = useDateFormat();
  const now = useMinuteClock();
  const queryClient = useQueryClient();
  // The names of the environment's cloud directories, for the sessions signed in with one.
  const registrations = useQuery(environmentSettingsQuery).data?.webClientAzureAppRegistrations;
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [notice, setNotice] = useState<Notice>();
  const [confirming, setConfirming] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const busy = end.isPending || endOthers.isPending;
  const others = sessions.filter((session) => !session.current);
  // With no other session to end, the title takes the focus rather than Sign out.
  const alone = others.length === 0;
  useEffect(() => {
    if (alone) title.current?.focus();
    // Only as the list opens: later the focus follows what the person does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The first of the candidates still open in the list just asked again, else the title.
  function focusFirstOpen(candidates: number[]) {
    const open = new Set((queryClient.getQueryData(sessionsQuery.queryKey) ?? []).map((session) => session.id));
    const button = candidates
      .filter((id) => open.has(id))
      .map((id) => buttons.current.get(id))
      .find((found) => found !== undefined);
    (button ?? title.current)?.focus();
  }

  async function endOne(session: OpenSession) {
    if (busy) return;
    setNotice(undefined);
    const at = others.findIndex((other) => other.id === session.id);
    // The one below, or when it was the last the one above.
    const nextInLine = [...others.slice(at + 1), ...others.slice(0, at).reverse()].map((other) => other.id);
    try {
      await end.mutateAsync(session.id);
      setNotice({ intent: 'success', text: texts.ended(session.browser) });
    } catch (caught) {
      // Ended elsewhere meanwhile (another tab, or it expired): the list has been asked again.
      if (caught instanceof ApiError && caught.code === authErrors.sessionNotFound) {
        setNotice({ intent: 'warning', text: texts.endedAlready });
      } else {
        // The session is still listed, and its button keeps the focus for another try.
        setNotice({ intent: 'error', text: failureText(caught) });
        return;
      }
    }
    focusFirstOpen(nextInLine);
  }

  async function endAllOthers() {
    setConfirming(false);
    if (busy) return;
    setNotice(undefined);
    try {
      setNotice({ intent: 'success', text: texts.endedOthers(await endOthers.mutateAsync()) });
    } catch (caught) {
      setNotice({ intent: 'error', text: failureText(caught) });
      return;
    }
    title.current?.focus();
  }

  return (
    <AccountDialogStep
      title={texts.title}
      titleRef={title}
      busy={busy}
      actions={
        <>
          {others.length > 0 && (
            <Button
              disabledFocusable={busy}
              icon={endOthers.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={() => setConfirming(true)}
            >
              {texts.endOthers}
            </Button>
          )}
          <Button onClick={onClose}>{texts.close}</Button>
        </>
      }
    >
      {notice && <TwoFactorNotice notice={notice} />}
      {/* role="list": Safari no longer reads a list as one once its bullets are gone. */}
      <ul role="list" className={styles.list} aria-label={texts.listLabel}>
        {sessions.map((session) => (
          <SessionCard
            key={session.id}
            session={session}
            method={methodWords(session.method, registrations)}
            lastUsed={lastUsedWhen(session.lastUsedAt, dateFormat, now)}
            dateFormat={dateFormat}
            ending={end.isPending && end.variables === session.id}
            busy={busy}
            // Not the current session's Sign out: Enter straight after opening must not sign out.
            autoFocus={session.id === others[0]?.id}
            buttonRef={(button) => {
              if (button) buttons.current.set(session.id, button);
              else buttons.current.delete(session.id);
            }}
            onEnd={() => void endOne(session)}
            onSignOut={onSignOut}
          />
        ))}
      </ul>
      {others.length === 0 && <Body1>{texts.noOthers}</Body1>}
      <ConfirmDialog
        open={confirming}
        title={texts.endOthers}
        confirmText={texts.endOthersConfirm}
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => void endAllOthers()}
      >
        {texts.endOthersQuestion}
      </ConfirmDialog>
    </AccountDialogStep>
  );
}
