import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply } from '../../test/fakeApi';
import { renderRecordView, viewComponent } from '../../test/recordView';
import type { CaseActionRow } from './api';
import { CaseActionsGrid } from './CaseActionsGrid';

const place = { kind: 'case' as const, identifier: 'CMP-2026-00001', typeName: 'Complaint', readOnly: false };

function row(overrides: Partial<CaseActionRow> = {}): CaseActionRow {
  return {
    guid: 'a-1',
    typeCode: 'CALL',
    typeName: 'Phone call',
    subject: 'Rang the complainant',
    actionAt: '2026-11-20T09:30:00.000Z',
    done: true,
    createdBy: 'Casey Worker',
    ownerCaseNumber: 'CMP-2026-00001',
    concerning: false,
    relatedCaseCount: 2,
    documentCount: 0,
    ...overrides,
  };
}

function listed(canModify: boolean, items = [row()], concerning = [row({ guid: 'a-7', subject: 'Visited upstairs', ownerCaseNumber: 'CMP-2026-00004', concerning: true, done: false, relatedCaseCount: 0 })]) {
  return reply(200, { items, concerning, actionTypes: [{ code: 'CALL', name: 'Phone call' }, { code: 'VISIT', name: 'Site visit' }], canModify });
}

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
});

describe('the actions of a case', { timeout: 20_000 }, () => {
  it('list its own and, apart, those of other cases concerning it, each opening where it belongs', async () => {
    createFakeApi({ 'GET /api/demo/caseactions/CMP-2026-00001': listed(true) }).install();
    const { user, openChild } = renderRecordView(<CaseActionsGrid place={place} component={viewComponent('CaseActions', 'Actions')} />, '/case/cmp-2026-00001');
    const own = await screen.findByRole('table', { name: 'Actions' });
    expect(within(own).getAllByRole('row')[1]).toHaveTextContent(/Phone call.*Rang the complainant · 2 other cases.*Done/);
    const concerning = screen.getByRole('table', { name: 'Actions of other cases concerning this one' });
    expect(within(concerning).getAllByRole('row')[1]).toHaveTextContent(/Phone call · of CMP-2026-00004.*Visited upstairs.*To do/);
    expect(screen.getByText('1 action')).toBeInTheDocument();

    await user.click(within(own).getByRole('link', { name: 'Rang the complainant' }));
    expect(openChild).toHaveBeenLastCalledWith('/case/cmp-2026-00001/caseaction/a-1', undefined);
    await user.click(within(concerning).getByRole('link', { name: 'Visited upstairs' }));
    expect(openChild).toHaveBeenLastCalledWith('/case/cmp-2026-00001/relatedaction/a-7/relatedcase/cmp-2026-00004', undefined);
  });

  it('offer the kinds of action of the case’s type to one who may change it', async () => {
    createFakeApi({ 'GET /api/demo/caseactions/CMP-2026-00001': listed(true) }).install();
    const { user, openChild } = renderRecordView(<CaseActionsGrid place={place} component={viewComponent('CaseActions')} />, '/case/cmp-2026-00001');
    await user.click(await screen.findByRole('button', { name: 'New action' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Site visit' }));
    expect(openChild).toHaveBeenLastCalledWith('/case/cmp-2026-00001/new/caseaction/visit', undefined);
  });

  it('offer no new action to one who may only look, or on a case shown read-only', async () => {
    createFakeApi({ 'GET /api/demo/caseactions/CMP-2026-00001': listed(false) }).install();
    const { unmount } = renderRecordView(<CaseActionsGrid place={place} component={viewComponent('CaseActions')} />, '/case/cmp-2026-00001');
    expect(await screen.findByRole('link', { name: 'Rang the complainant' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New action' })).not.toBeInTheDocument();
    unmount();
    createFakeApi({ 'GET /api/demo/caseactions/CMP-2026-00001': listed(true) }).install();
    renderRecordView(<CaseActionsGrid place={{ ...place, readOnly: true }} component={viewComponent('CaseActions')} />, '/case/cmp-2026-00001');
    expect(await screen.findByRole('link', { name: 'Rang the complainant' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New action' })).not.toBeInTheDocument();
  });

  it('say when there are none, and ask a new case to be saved first', async () => {
    createFakeApi({ 'GET /api/demo/caseactions/CMP-2026-00001': listed(true, [], []) }).install();
    const { unmount } = renderRecordView(<CaseActionsGrid place={place} component={viewComponent('CaseActions')} />, '/case/cmp-2026-00001');
    expect(await screen.findByText('No actions yet.')).toBeInTheDocument();
    unmount();
    renderRecordView(<CaseActionsGrid place={{ ...place, identifier: '' }} component={viewComponent('CaseActions')} />, '/new/case/comp');
    expect(screen.getByText('Save the complaint first, then record the work done on it.')).toBeInTheDocument();
  });
});
