import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply } from '../../test/fakeApi';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import type { CrossReference } from './api';
import { CrossReferencePage } from './CrossReferencePage';

function link(overrides: Partial<CrossReference> = {}): CrossReference {
  return {
    Guid: 'g-1',
    ParentCaseNumber: 'CMP-2026-00001',
    CaseNumber: 'CMP-2026-00002',
    CaseDisplay: 'Barking dog',
    CaseTypeName: 'Complaint',
    CaseStatusName: 'Open',
    Unavailable: false,
    Comments: 'Same dog',
    RowVersion: 3,
    CreatedBy: 'Casey Worker',
    CreatedAt: '2026-11-20T10:00:00.000Z',
    ModifiedBy: 'Casey Worker',
    ModifiedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const bindings = (readOnly = false) => ({
  CaseNumber: { Label: 'Case number', Tooltip: 'The case to cross-reference', IsReadOnly: readOnly, IsVisible: true },
  Comments: { Label: 'Comments', Tooltip: 'Why the cases are linked', IsReadOnly: readOnly, IsVisible: true },
});

function opened(crossReference: CrossReference, { canModify = true, canView = true } = {}) {
  return reply(200, { CrossReference: crossReference, CanView: canView, CanModify: canModify, FieldBindings: bindings(!canModify) });
}

function open(path = '/case/cmp-2026-00001/crossreference/cmp-2026-00002') {
  return renderRoutes(
    [
      { path: '/case/:caseNumber/crossreference/:xrefCaseNumber', element: <CrossReferencePage /> },
      stubPage('/case/:caseNumber', 'The case'),
      stubPage('/case/:caseNumber/lookup/:roleCode/:entityType', 'The lookup'),
    ],
    path,
  );
}

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
});

// Typing in a loaded machine is slow: each test has room for it.
describe('the cross reference screen', { timeout: 20_000 }, () => {
  it('says it cannot retrieve the parent state when the case is not there, and goes back to it', async () => {
    createFakeApi({
      'GET /api/demo/crossreference': reply(404, { error: 'records.not_found', message: 'There is no case CMP-2026-00001.', correlationId: 'c' }),
    }).install();
    const { router, user } = open();
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Could not retrieve parent state for cross reference.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-2026-00001'));
  });

  it('says it could not retrieve one that is not there', async () => {
    createFakeApi({
      'GET /api/demo/crossreference': reply(404, { error: 'crossreferences.not_found', message: 'Could not retrieve the cross reference requested.', correlationId: 'c' }),
    }).install();
    open();
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent('Could not retrieve the cross reference requested.');
  });

  it('shows nothing of one to a case the person may not see: Cannot View, then back to the case', async () => {
    createFakeApi({
      'GET /api/demo/crossreference': opened(link({ Guid: '', CaseNumber: '', CaseDisplay: 'A case you cannot see', Unavailable: true, Comments: '' }), { canView: false, canModify: false }),
    }).install();
    const { router, user } = open();
    const dialog = await screen.findByRole('alertdialog', { name: 'Cannot View' });
    expect(dialog).toHaveTextContent('You do not have permission to access this record.');
    expect(screen.queryByRole('textbox', { name: 'Comments' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-2026-00001'));
  });

  it('offers only Edit (and a preview) on the card of a stored one, and saving with nothing changed makes no call', async () => {
    const api = createFakeApi({ 'GET /api/demo/crossreference': opened(link()) }).install();
    const { user } = open();
    expect(await screen.findByRole('link', { name: 'CMP-2026-00002 · Barking dog' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit the case: CMP-2026-00002' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Case number: the other case' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.requestsTo('POST /api/demo/crossreference/save')).toHaveLength(0);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('changes the case of a stored one through Edit, saved as that cross reference at its version, and opens it under the new case', async () => {
    const api = createFakeApi({
      'GET /api/demo/crossreference': opened(link()),
      'POST /api/demo/crossreference/save': reply(200, { success: true, errorMessage: '', primaryKey: 'CMP-2026-00007', changed: true, CrossReference: link({ CaseNumber: 'CMP-2026-00007' }) }),
    }).install();
    const { router, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit the case: CMP-2026-00002' }));
    const number = screen.getByRole('textbox', { name: 'Case number: the other case' });
    expect(number).toHaveValue('CMP-2026-00002');
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, 'CMP-2026-00007');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-2026-00001/crossreference/cmp-2026-00007'));
    const [saved] = api.requestsTo('POST /api/demo/crossreference/save');
    expect(saved?.body).toEqual({
      crossReferenceDetails: { Guid: 'g-1', ParentCaseNumber: 'cmp-2026-00001', CaseNumber: 'CMP-2026-00007', Comments: 'Same dog', RowVersion: 3 },
      formId: 'crossreference',
      layoutElementId: 'crossreferences',
    });
  });

  it('puts the case back as it was when Edit is cancelled', async () => {
    createFakeApi({ 'GET /api/demo/crossreference': opened(link()) }).install();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit the case: CMP-2026-00002' }));
    await user.type(screen.getByRole('textbox', { name: 'Case number: the other case' }), '9');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('link', { name: 'CMP-2026-00002 · Barking dog' })).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('searches for the case of a stored one in the lookup of its own number', async () => {
    createFakeApi({ 'GET /api/demo/crossreference': opened(link()) }).install();
    const { router, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit the case: CMP-2026-00002' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-2026-00001/lookup/cmp-2026-00002/any_case'));
    expect(router.state.location.state).toEqual({ purpose: 'crossReference', returnTo: '/case/cmp-2026-00001/crossreference/cmp-2026-00002' });
  });

  it('checks the case number before saving a new one, and shows a refused save in the Save Error dialog', async () => {
    const api = createFakeApi({
      'GET /api/demo/crossreference': opened(link({ Guid: '', CaseNumber: '', CaseDisplay: '', Comments: '', RowVersion: 0 })),
      'POST /api/demo/crossreference/save': reply(409, { error: 'crossreferences.exists', message: 'CMP-2026-00001 is already cross-referenced with CMP-2026-00002.', correlationId: 'c' }),
    }).install();
    const { user } = open('/case/cmp-2026-00001/crossreference/new');
    await user.type(await screen.findByRole('textbox', { name: 'Comments' }), 'Same dog');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/demo/crossreference/save')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Case number: the other case' }), 'CMP-2026-00002');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save Error' });
    expect(dialog).toHaveTextContent('CMP-2026-00001 is already cross-referenced with CMP-2026-00002.');
  });

  it('is read-only, without Save or Edit, for one who may not change the case', async () => {
    createFakeApi({ 'GET /api/demo/crossreference': opened(link(), { canModify: false }) }).install();
    open();
    expect(await screen.findByRole('textbox', { name: 'Comments' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });
});
