import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Schemas } from '../../lib/api/types';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { registerSlots, type Slots } from '../../lib/slots';
import { createFakeApi, reply } from '../../test/fakeApi';
import { field } from '../../test/layoutComponents';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { CaseActionPage } from './CaseActionPage';

type ActionForm = Schemas['CaseActionFormResult'];

function form(overrides: Partial<ActionForm> = {}): ActionForm {
  return {
    formId: 'action-call',
    entityDescription: 'Phone call',
    headerText: 'Rang the complainant',
    layout: { components: [field('TextField', 'subject', { label: 'Subject', mandatory: true }), field('TextField', 'notes', { label: 'Notes' })] },
    data: { subject: 'Rang the complainant', notes: '' },
    canModify: true,
    action: {
      guid: 'a-1',
      typeCode: 'CALL',
      rowVersion: 2,
      ownerCaseNumber: 'CMP-2026-00001',
      ownerDisplay: 'Noise',
      createdBy: 'Casey Worker',
      createdAt: '2026-11-20T10:00:00.000Z',
      modifiedBy: 'Casey Worker',
      modifiedAt: '2026-11-20T10:00:00.000Z',
      documentCount: 0,
    },
    relatedCases: [
      { kind: 'case', identifier: 'CMP-2026-00002', display: 'Upstairs', typeName: 'Complaint', statusName: 'Open', unavailable: false },
      { kind: 'case', display: 'A case you cannot see', unavailable: true },
    ],
    ...overrides,
  };
}

function open(path: string, mode: 'existing' | 'new' | 'related') {
  return renderRoutes(
    [
      { path: '/case/:caseNumber/caseaction/:actionId', element: <CaseActionPage mode="existing" /> },
      { path: '/case/:caseNumber/new/caseaction/:actionId', element: <CaseActionPage mode="new" /> },
      { path: '/case/:caseNumber/relatedaction/:actionId/:relatedcase/:relatedcaseId', element: <CaseActionPage mode={mode} /> },
      stubPage('/case/:caseNumber', 'The case'),
    ],
    path,
  );
}

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
  registerSlots({ documents: () => 'the documents of the action' } as unknown as Slots);
});

describe('a case action', { timeout: 20_000 }, () => {
  it('checks its fields before saving, saves a change at the version it was loaded at, and makes no call when nothing changed', async () => {
    let stored = form();
    const api = createFakeApi({
      'GET /api/demo/form/caseaction': () => reply(200, stored),
      'POST /api/demo/caseaction/save': () => {
        stored = form({ headerText: 'Rang twice', data: { subject: 'Rang twice', notes: '' }, action: { ...form().action, rowVersion: 3 } });
        return reply(200, { success: true, errorMessage: '', primaryKey: 'a-1', rowVersion: 3, changed: true });
      },
    }).install();
    const { user } = open('/case/cmp-2026-00001/caseaction/a-1', 'existing');
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.requestsTo('POST /api/demo/caseaction/save')).toHaveLength(0);

    await user.clear(subject);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/demo/caseaction/save')).toHaveLength(0);

    await user.type(subject, 'Rang twice');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo('POST /api/demo/caseaction/save')).toHaveLength(1));
    expect(api.requestsTo('POST /api/demo/caseaction/save')[0]?.body).toEqual({
      caseNumber: 'cmp-2026-00001',
      actionGuid: 'a-1',
      values: { subject: 'Rang twice', notes: null },
      rowVersion: 2,
    });
    // Saved, it is refreshed in place: its header says what it is now, and nothing is unsaved.
    expect(await screen.findByRole('heading', { name: 'Rang twice' })).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('shows a refused save in the Save Error dialog with the server’s message', async () => {
    createFakeApi({
      'GET /api/demo/form/caseaction': reply(200, form()),
      'POST /api/demo/caseaction/save': reply(409, {
        error: 'records.changed',
        message: 'This action was changed by Robin Second at 2026-11-21T09:00:00.000Z after you opened it. Reload it to see their changes.',
        correlationId: 'c',
      }),
    }).install();
    const { user } = open('/case/cmp-2026-00001/caseaction/a-1', 'existing');
    await user.type(await screen.findByRole('textbox', { name: 'Notes' }), 'No answer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save Error' });
    expect(dialog).toHaveTextContent('This action was changed by Robin Second');
  });

  it('saves a new one as it was opened, under the type in its address, and opens the stored one', async () => {
    const api = createFakeApi({
      'GET /api/demo/form/caseaction/new': reply(200, form({ headerText: 'New Phone call', action: { ...form().action, guid: '', rowVersion: 0 }, relatedCases: [] })),
      'POST /api/demo/caseaction/save': reply(200, { success: true, errorMessage: '', primaryKey: 'a-9', rowVersion: 1, changed: true }),
    }).install();
    const { router, user } = open('/case/cmp-2026-00001/new/caseaction/call', 'new');
    expect(await screen.findByRole('heading', { name: 'New Phone call' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cases this action concerns' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-2026-00001/caseaction/a-9'));
    expect(api.requestsTo('POST /api/demo/caseaction/save')[0]?.body).toEqual({ caseNumber: 'cmp-2026-00001', actionType: 'call', values: { subject: 'Rang the complainant', notes: null } });
  });

  it('names the other cases it concerns, a hidden one only as such', async () => {
    createFakeApi({ 'GET /api/demo/form/caseaction': reply(200, form()) }).install();
    open('/case/cmp-2026-00001/caseaction/a-1', 'existing');
    const related = await screen.findByRole('region', { name: 'Cases this action concerns' });
    expect(within(related).getByRole('link', { name: 'CMP-2026-00002 · Upstairs' })).toBeInTheDocument();
    expect(within(related).getByText('A case you cannot see')).toBeInTheDocument();
    expect(within(related).getAllByRole('button', { name: /no longer concerned/ })).toHaveLength(1);
  });

  it('is read-only as a related action, reached from a case it concerns', async () => {
    createFakeApi({ 'GET /api/demo/form/caseaction': reply(200, form()) }).install();
    open('/case/cmp-2026-00002/relatedaction/a-1/relatedcase/cmp-2026-00001', 'related');
    expect(await screen.findByText(/An action of CMP-2026-00001 that concerns this case/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('goes back to its case when the action is not there', async () => {
    createFakeApi({
      'GET /api/demo/form/caseaction': reply(404, { error: 'records.caseaction_not_found', message: 'This action is not there any more.', correlationId: 'c' }),
    }).install();
    const { router, user } = open('/case/cmp-2026-00001/caseaction/a-1', 'existing');
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('This action is not there any more.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-2026-00001'));
  });
});
