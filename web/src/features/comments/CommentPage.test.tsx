import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply } from '../../test/fakeApi';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import type { Comment } from './api';
import { CommentPage } from './CommentPage';

function comment(overrides: Partial<Comment> = {}): Comment {
  return {
    CommentId: 4,
    CommentGuid: 'c-4',
    OwnerType: 'P',
    OwnerIdentifier: '7',
    CommentHtml: '<p>Called twice</p>',
    CommentText: 'Called twice',
    IsSystem: false,
    CreatedByDisplayName: 'Casey Worker',
    CreatedDateTime: '2026-11-20T10:00:00.000Z',
    ModifiedByDisplayName: 'Casey Worker',
    ModifiedDateTime: '2026-11-20T10:00:00.000Z',
    AsAtDate: '2026-11-20T09:00:00.000Z',
    RowVersion: 1,
    CanView: true,
    CanModify: true,
    ...overrides,
  };
}

const bindings = {
  CreatedDateTime: { Label: 'Created On', Tooltip: '', IsReadOnly: true, IsVisible: true },
  CreatedByDisplayName: { Label: 'Created By', Tooltip: '', IsReadOnly: true, IsVisible: true },
  ModifiedDateTime: { Label: 'Modified On', Tooltip: '', IsReadOnly: true, IsVisible: true },
  ModifiedByDisplayName: { Label: 'Modified By', Tooltip: '', IsReadOnly: true, IsVisible: true },
  AsAtDate: { Label: 'As At', Tooltip: '', IsReadOnly: false, IsVisible: true },
  CommentHtml: { Label: 'Comment', Tooltip: '', IsReadOnly: false, IsVisible: true },
};

function opened(stored: Comment, canModify = true) {
  return reply(200, { Comment: stored, FieldBindings: bindings, CanView: true, CanModify: canModify, PersonDisplayName: 'Colm Reid' });
}

function open(path: string) {
  return renderRoutes(
    [
      { path: '/person/:personId/comment/:commentId', element: <CommentPage isNew={false} /> },
      { path: '/person/:personId/new/comment', element: <CommentPage isNew /> },
      stubPage('/person/:personId', 'The person'),
    ],
    path,
  );
}

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
});

describe('the comment screen', { timeout: 20_000 }, () => {
  it('says it cannot locate the parent when the person is not there, and goes back to the person', async () => {
    createFakeApi({
      'POST /api/demo/persondata/7/comment': reply(404, { error: 'records.person_not_found', message: 'There is no person 7.', correlationId: 'c' }),
    }).install();
    const { router, user } = open('/person/7/new/comment');
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    // Spec 2 §8, word for word (two spaces after "history.").
    expect(dialog.textContent).toContain('Cannot locate parent entity form in history.  Navigating back to parent.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(appPath(router)).toBe('/person/7'));
  });

  it('makes no call when saved with nothing changed', async () => {
    const api = createFakeApi({ 'POST /api/demo/persondata/7/comment/c-4': opened(comment()) }).install();
    const { user } = open('/person/7/comment/c-4');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.requestsTo('POST /api/demo/persondata/comment/save')).toHaveLength(0);
  });

  it('closes a new one once saved, back on the person', async () => {
    const api = createFakeApi({
      'POST /api/demo/persondata/7/comment': opened(comment({ CommentGuid: '', CommentHtml: '', CommentText: '', RowVersion: 0 })),
      'POST /api/demo/persondata/comment/save': reply(200, { success: true, errorMessage: '', primaryKey: 'c-9', changed: true, Comment: comment({ CommentGuid: 'c-9' }) }),
    }).install();
    const { router, user } = open('/person/7/new/comment');
    await user.click(await screen.findByRole('textbox', { name: 'Comment' }));
    await user.keyboard('Will write back');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(appPath(router)).toBe('/person/7'));
    expect(api.requestsTo('POST /api/demo/persondata/comment/save')[0]?.body).toMatchObject({
      commentDetails: { OwnerType: 'P', OwnerIdentifier: '7', CommentGuid: '', CommentHtml: 'Will write back' },
    });
  });

  it('shows a refused save in the Save Error dialog, and the fields the server found wrong beside them', async () => {
    let answer = reply(409, { error: 'records.obsolete', message: 'This Individual is obsolete. Reinstate it to change it.', correlationId: 'c' });
    createFakeApi({
      'POST /api/demo/persondata/7/comment/c-4': opened(comment()),
      'POST /api/demo/persondata/comment/save': () => answer,
    }).install();
    const { user } = open('/person/7/comment/c-4');
    await user.click(await screen.findByRole('textbox', { name: 'Comment' }));
    await user.keyboard(' More.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save Error' });
    expect(dialog).toHaveTextContent('This Individual is obsolete. Reinstate it to change it.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    answer = reply(400, { error: 'comments.invalid', message: 'Write the comment first.', fieldErrors: { CommentHtml: 'Required' }, correlationId: 'c' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'Save Error' })).not.toBeInTheDocument();
  });

  it('is read-only, without Save, for a comment Dossier wrote', async () => {
    createFakeApi({ 'POST /api/demo/persondata/7/comment/c-4': opened(comment({ IsSystem: true, CanModify: false }), false) }).install();
    open('/person/7/comment/c-4');
    expect(await screen.findByText('Dossier wrote this comment itself; it cannot be changed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
