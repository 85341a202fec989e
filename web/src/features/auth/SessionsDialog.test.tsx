import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeApi, never, reply, type FakeApi } from '../../test/fakeApi';
import { environmentSettings } from '../../test/fixtures';
import { renderElement } from '../../test/render';
import type { OpenSession } from './sessionsApi';
import { SessionsDialog } from './SessionsDialog';

const listRoute = 'GET /api/demo/account/sessions';
const othersRoute = 'POST /api/demo/account/sessions/endothers';
const endRoute = (id: number) => `POST /api/demo/account/sessions/${id}/end`;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
// Half past nine in the morning where the test runs, so that the time shown is the same everywhere.
const startedAt = new Date(2026, 2, 14, 9, 30).toISOString();
const chromeAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const here: OpenSession = {
  id: 1,
  current: true,
  method: 'password',
  browser: 'Chrome 131 on Windows',
  userAgent: chromeAgent,
  clientAddress: '203.0.113.5',
  startedAt,
  lastUsedAt: minutesAgo(0),
};
const laptop: OpenSession = {
  id: 2,
  current: false,
  method: 'two-factor code',
  browser: 'Firefox 133 on Linux',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  clientAddress: '198.51.100.7',
  startedAt,
  lastUsedAt: minutesAgo(5),
};
const phone: OpenSession = {
  id: 3,
  current: false,
  method: 'recovery code',
  browser: 'Safari 17 on iPhone',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
  clientAddress: '2001:db8::1',
  startedAt,
  lastUsedAt: minutesAgo(30),
};

// The server's idea of the person's open sessions, which the endings below change.
let open: OpenSession[];
let api: FakeApi;

function endingRoutes(sessions: OpenSession[]) {
  for (const { id } of sessions) {
    api.on(endRoute(id), () => {
      if (!open.some((session) => session.id === id)) {
        return reply(404, { error: 'auth.session_not_found', message: 'That session has ended already, or is not one of yours.' });
      }
      open = open.filter((session) => session.id !== id);
      return reply(204);
    });
  }
}

beforeEach(() => {
  open = [here, laptop, phone];
  api = createFakeApi({
    'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
    [listRoute]: () => reply(200, { sessions: open }),
    [othersRoute]: () => {
      const ended = open.filter((session) => !session.current).length;
      open = open.filter((session) => session.current);
      return reply(200, { ended });
    },
  }).install();
  endingRoutes([laptop, phone]);
});

async function openDialog(sessions: OpenSession[] = [here, laptop, phone]) {
  open = sessions;
  const onClose = vi.fn();
  const onSignOut = vi.fn();
  const rendered = renderElement(<SessionsDialog open onClose={onClose} onSignOut={onSignOut} />);
  const dialog = await screen.findByRole('dialog', { name: 'Your sessions' });
  const list = await within(dialog).findByRole('list', { name: 'Your open sessions' });
  return { ...rendered, dialog, list, onClose, onSignOut };
}

const cards = () => within(screen.getByRole('list', { name: 'Your open sessions' })).getAllByRole('listitem');
// The first three cards, in the order shown.
function threeCards(): [HTMLElement, HTMLElement, HTMLElement] {
  const [first, second, third] = cards();
  if (!first || !second || !third) throw new Error('Fewer than three sessions are shown.');
  return [first, second, third];
}
const endButton = (name: string) => screen.getByRole('button', { name });

describe('the list of open sessions', () => {
  it('shows this session first with its badge, how and when it was signed in, its last use and address', async () => {
    await openDialog();
    const [first, second, third] = threeCards();
    expect(within(first).getByText('Chrome 131 on Windows')).toHaveAttribute('title', chromeAgent);
    expect(within(first).getByText('This session')).toBeInTheDocument();
    expect(within(first).getByText('Signed in 14/03/2026 09:30:00 AM with a password')).toBeInTheDocument();
    expect(within(first).getByText('Last used just now')).toBeInTheDocument();
    expect(within(first).getByText('From 203.0.113.5')).toBeInTheDocument();

    expect(within(second).getByText('Firefox 133 on Linux')).toBeInTheDocument();
    expect(within(second).queryByText('This session')).not.toBeInTheDocument();
    expect(within(second).getByText('Signed in 14/03/2026 09:30:00 AM with a two-step code')).toBeInTheDocument();
    expect(within(second).getByText('Last used 5 minutes ago')).toBeInTheDocument();
    expect(within(third).getByText('Signed in 14/03/2026 09:30:00 AM with a recovery code')).toBeInTheDocument();
    expect(within(third).getByText('From 2001:db8::1')).toBeInTheDocument();
  });

  it('names a cloud directory’s sign-in as the sign-in page does, or as a cloud directory when it is not known here', async () => {
    api.on(
      'GET /api/demo/environmentsettings',
      reply(200, environmentSettings({ webClientAzureAppRegistrations: [{ id: 'contoso', name: 'Contoso' }] })),
    );
    await openDialog([here, { ...laptop, method: 'azure:contoso' }, { ...phone, method: 'azure:retired' }]);
    const [, second, third] = threeCards();
    expect(await within(second).findByText('Signed in 14/03/2026 09:30:00 AM with Contoso')).toBeInTheDocument();
    expect(within(third).getByText('Signed in 14/03/2026 09:30:00 AM with Cloud directory')).toBeInTheDocument();
  });

  it('offers Sign out on this session and End, named by browser and last use, on each other', async () => {
    await openDialog();
    const [first, second, third] = threeCards();
    expect(within(first).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /^End/ })).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'End the session of Firefox 133 on Linux, last used 5 minutes ago' })).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: 'End the session of Safari 17 on iPhone, last used 30 minutes ago' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End all other sessions' })).toBeInTheDocument();
  });

  it('gives the first other session’s End the focus as it opens, never Sign out', async () => {
    await openDialog();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^End the session of / })[0]).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Sign out' })).not.toHaveFocus();
  });

  it('gives the title the focus when this is the only session', async () => {
    await openDialog([here]);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your sessions' })).toHaveFocus());
  });

  it('says no other sessions are open, and offers no End all, when this is the only one', async () => {
    await openDialog([here]);
    expect(screen.getByText('No other sessions are open.')).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'End all other sessions' })).not.toBeInTheDocument();
  });

  it('shows a spinner until the list comes', async () => {
    api.on(listRoute, never());
    renderElement(<SessionsDialog open onClose={vi.fn()} onSignOut={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Your sessions' });
    expect(within(dialog).getByRole('progressbar')).toHaveAccessibleName('Loading…');
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
  });

  it('offers another try when the list cannot be loaded', async () => {
    api.on(listRoute, reply(500, { error: 'core.internal', message: 'Something went wrong.', correlationId: 'c-1' }));
    const { user } = renderElement(<SessionsDialog open onClose={vi.fn()} onSignOut={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sessions could not be loaded.');
    api.on(listRoute, () => reply(200, { sessions: open }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your open sessions' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

// The dialog as the user menu holds it: closed until asked for.
function MenuHarness() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShown(true)}>
        Open
      </button>
      <SessionsDialog open={shown} onClose={() => setShown(false)} onSignOut={vi.fn()} />
    </>
  );
}

describe('opening the dialog', () => {
  it('asks nothing while closed, and asks again each time it opens', async () => {
    open = [here, laptop];
    const { user } = renderElement(<MenuHarness />);
    expect(api.requestsTo(listRoute)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Firefox 133 on Linux')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    open = [here, laptop, phone];
    // Fluent gives the page back to assistive technology a moment after the dialog has gone.
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Safari 17 on iPhone')).toBeInTheDocument();
    expect(api.requestsTo(listRoute)).toHaveLength(2);
  });
});

describe('ending another session', () => {
  it('sends its id, shows the list again without it, says so and moves the focus to the next End', async () => {
    const { user } = await openDialog();
    await user.click(endButton('End the session of Firefox 133 on Linux, last used 5 minutes ago'));

    expect(await screen.findByRole('status')).toHaveTextContent('The session of Firefox 133 on Linux has been ended.');
    expect(api.requestsTo(endRoute(2))).toHaveLength(1);
    expect(api.requestsTo(endRoute(3))).toHaveLength(0);
    await waitFor(() => expect(screen.queryByText('Firefox 133 on Linux')).not.toBeInTheDocument());
    expect(api.requestsTo(listRoute)).toHaveLength(2);
    expect(cards()).toHaveLength(2);
    await waitFor(() => expect(endButton('End the session of Safari 17 on iPhone, last used 30 minutes ago')).toHaveFocus());
  });

  it('moves the focus to the one above when the last in the list was ended', async () => {
    const { user } = await openDialog();
    await user.click(endButton('End the session of Safari 17 on iPhone, last used 30 minutes ago'));
    await waitFor(() => expect(screen.queryByText('Safari 17 on iPhone')).not.toBeInTheDocument());
    await waitFor(() => expect(endButton('End the session of Firefox 133 on Linux, last used 5 minutes ago')).toHaveFocus());
  });

  it('moves the focus to the title, and says no others are open, when none is left', async () => {
    const { user } = await openDialog([here, laptop]);
    await user.click(endButton('End the session of Firefox 133 on Linux, last used 5 minutes ago'));
    expect(await screen.findByText('No other sessions are open.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your sessions' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'End all other sessions' })).not.toBeInTheDocument();
  });

  it('says the session had ended already when the server no longer has it, and shows the list again', async () => {
    const { user } = await openDialog();
    // Ended from another tab while this one showed it.
    open = [here, phone];
    await user.click(endButton('End the session of Firefox 133 on Linux, last used 5 minutes ago'));

    expect(await screen.findByRole('alert')).toHaveTextContent('That session had ended already.');
    await waitFor(() => expect(screen.queryByText('Firefox 133 on Linux')).not.toBeInTheDocument());
    expect(cards()).toHaveLength(2);
    await waitFor(() => expect(endButton('End the session of Safari 17 on iPhone, last used 30 minutes ago')).toHaveFocus());
  });

  it('says what went wrong and keeps the session when the server fails', async () => {
    api.on(endRoute(2), reply(500, { error: 'core.internal', message: 'Something went wrong on the server.', correlationId: 'c-2' }));
    const { user } = await openDialog();
    const end = endButton('End the session of Firefox 133 on Linux, last used 5 minutes ago');
    await user.click(end);

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on the server.');
    expect(screen.getByText('Firefox 133 on Linux')).toBeInTheDocument();
    expect(end).toHaveFocus();
  });
});

describe('ending all other sessions', () => {
  it('asks first, then ends them, says how many and moves the focus to the title', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    const question = await screen.findByRole('alertdialog', { name: 'End all other sessions' });
    expect(question).toHaveTextContent('End all your other sessions? Anyone signed in as you elsewhere will be signed out.');
    expect(api.requestsTo(othersRoute)).toHaveLength(0);

    await user.click(within(question).getByRole('button', { name: 'End them' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ended 2 other sessions.');
    expect(api.requestsTo(othersRoute)).toHaveLength(1);
    expect(await screen.findByText('No other sessions are open.')).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your sessions' })).toHaveFocus());
  });

  it('says one other session when one ended', async () => {
    const { user } = await openDialog([here, laptop]);
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    await user.click(await screen.findByRole('button', { name: 'End them' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ended 1 other session.');
  });

  it('ends nothing when the question is answered Cancel', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    const question = await screen.findByRole('alertdialog', { name: 'End all other sessions' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.requestsTo(othersRoute)).toHaveLength(0);
    expect(cards()).toHaveLength(3);
  });
});

describe('signing out of this session', () => {
  it('closes the dialog and signs out as Log Out does, ending nothing itself', async () => {
    const { user, onClose, onSignOut } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});
