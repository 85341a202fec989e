import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply } from '../../test/fakeApi';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { recordKeys } from '../../lib/records';
import type { AlternateName } from './api';
import { AlternateNamePage } from './AlternateNamePage';

function name(overrides: Partial<AlternateName> = {}): AlternateName {
  return {
    AlternateNameId: 3,
    AlternateNameGuid: 'n-3',
    PersonGuid: 'p-7',
    PersonId: '7',
    Surname: 'Okafor',
    FirstName: 'Peggy',
    MiddleNames: '',
    DisplayName: 'Peggy Okafor',
    Explanation: 'Maiden name',
    RowVersion: 2,
    CreatedBy: 'Casey Worker',
    CreatedAt: '2026-11-20T10:00:00.000Z',
    ModifiedBy: 'Casey Worker',
    ModifiedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const binding = (Label: string) => ({ Label, Tooltip: '', IsReadOnly: false, IsVisible: true });
const bindings = { Surname: binding('Surname'), Firstname: binding('First name'), MiddleNames: binding('Middle names'), DisplayName: binding('Display name'), Explanation: binding('Explanation') };

function opened(stored: AlternateName) {
  return reply(200, { AlternateName: stored, FieldBindings: bindings, CanView: true, CanModify: true, PersonDisplayName: 'Margaret Okafor' });
}

function open(path: string) {
  return renderRoutes(
    [
      { path: '/person/:personId/alternatename/:alternateNameId', element: <AlternateNamePage isNew={false} /> },
      { path: '/person/:personId/new/alternatename', element: <AlternateNamePage isNew /> },
      stubPage('/person/:personId', 'The person'),
    ],
    path,
  );
}

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
});

describe('the alternate name screen', { timeout: 20_000 }, () => {
  it('says it cannot locate the parent person when the person is not there, and goes back to the person', async () => {
    createFakeApi({
      'POST /api/demo/persondata/7/alternatename/n-3': reply(404, { error: 'records.person_not_found', message: 'There is no person 7.', correlationId: 'c' }),
    }).install();
    const { router, user } = open('/person/7/alternatename/n-3');
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    // Spec 2 §8, word for word (two spaces after "history.").
    expect(dialog.textContent).toContain('Cannot locate parent person form in history.  Navigating back to parent.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(appPath(router)).toBe('/person/7'));
  });

  it('makes no call when saved with nothing changed, nor when a change is typed and taken back', async () => {
    const api = createFakeApi({ 'POST /api/demo/persondata/7/alternatename/n-3': opened(name()) }).install();
    const { user } = open('/person/7/alternatename/n-3');
    const first = await screen.findByRole('textbox', { name: 'First name' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(first, 'x');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.type(first, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.requestsTo('POST /api/demo/persondata/alternatename/save')).toHaveLength(0);
  });

  it('stays on a stored one once saved, its header refreshed, and shows a refused save in the Save Error dialog', async () => {
    let stored = name();
    let answer = reply(200, { success: true, errorMessage: '', primaryKey: 'n-3', changed: true, AlternateName: name() });
    createFakeApi({
      'POST /api/demo/persondata/7/alternatename/n-3': () => opened(stored),
      'POST /api/demo/persondata/alternatename/save': () => {
        if (answer.status === 200) stored = name({ FirstName: 'Peg', DisplayName: 'Peg Okafor', RowVersion: 3 });
        return answer;
      },
    }).install();
    const { router, user } = open('/person/7/alternatename/n-3');
    const first = await screen.findByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.type(first, 'Peg');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Peg Okafor' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/person/7/alternatename/n-3');

    answer = reply(403, { error: 'records.modify_denied', message: 'You are not allowed to change this Individual.', correlationId: 'c' });
    await user.type(screen.getByRole('textbox', { name: 'Explanation' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alertdialog', { name: 'Save Error' })).toHaveTextContent('You are not allowed to change this Individual.');
  });

  it('keeps what the person typed in a new one when the person’s records are loaded again meanwhile', async () => {
    // Each opening of a new one hands out a new id, as the server does.
    let opening = 0;
    const api = createFakeApi({
      'POST /api/demo/persondata/7/alternatename': () => opened(name({ AlternateNameGuid: `new-${++opening}`, FirstName: '', Surname: '', DisplayName: '', Explanation: '', RowVersion: 0 })),
    }).install();
    const { user, queryClient } = open('/person/7/new/alternatename');
    await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Peggy');
    // Any save refreshes every query about records, this new form's among them.
    await queryClient.invalidateQueries({ queryKey: recordKeys.all });
    await waitFor(() => expect(api.requestsTo('POST /api/demo/persondata/7/alternatename')).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Peggy');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });
});
