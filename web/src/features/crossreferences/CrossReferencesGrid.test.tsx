import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply } from '../../test/fakeApi';
import { renderRecordView, viewComponent } from '../../test/recordView';
import { CrossReferencesGrid } from './CrossReferencesGrid';

const place = { kind: 'case' as const, identifier: 'CMP-2026-00001', typeName: 'Complaint', readOnly: false };

const seen = {
  Guid: 'g-1',
  ParentCaseNumber: 'CMP-2026-00001',
  CaseNumber: 'CMP-2026-00002',
  CaseDisplay: 'Barking dog',
  CaseTypeName: 'Complaint',
  CaseStatusName: 'Open',
  Unavailable: false,
  Comments: 'Same dog',
  RowVersion: 1,
  CreatedBy: 'Casey Worker',
  CreatedAt: '2026-11-20T10:00:00.000Z',
  ModifiedBy: 'Casey Worker',
  ModifiedAt: '2026-11-20T10:00:00.000Z',
};

// As the server sends one whose other case the person may not see: nothing but that.
const hidden = {
  Guid: '',
  ParentCaseNumber: 'CMP-2026-00001',
  CaseNumber: '',
  CaseDisplay: 'A case you cannot see',
  Unavailable: true,
  Comments: '',
  RowVersion: 0,
  CreatedBy: '',
  CreatedAt: '',
  ModifiedBy: '',
  ModifiedAt: '',
};

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
});

describe('the cross references of a case', { timeout: 20_000 }, () => {
  it('list each with its case and comments; one to a case the person may not see says only that, with nothing to open or do', async () => {
    createFakeApi({ 'GET /api/demo/crossreferences/CMP-2026-00001': reply(200, { items: [seen, hidden, { ...hidden }], canModify: true }) }).install();
    renderRecordView(<CrossReferencesGrid place={place} component={viewComponent('CrossReferences', 'Cross references')} />, '/case/cmp-2026-00001');
    const table = await screen.findByRole('table', { name: 'Cross references' });
    const [visible, ...hiddenRows] = within(table).getAllByRole('row').slice(1);
    expect(visible).toHaveTextContent('Same dog');
    expect(within(table).getByRole('link', { name: 'CMP-2026-00002 · Barking dog' })).toBeInTheDocument();
    expect(hiddenRows).toHaveLength(2);
    for (const row of hiddenRows) {
      expect(row).toHaveTextContent(/^A case you cannot see$/);
      expect(within(row).queryByRole('link')).not.toBeInTheDocument();
      expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(screen.getByText('3 cases')).toBeInTheDocument();
  });

  it('open one, or a new one, through the form so that what it holds waits', async () => {
    createFakeApi({ 'GET /api/demo/crossreferences/CMP-2026-00001': reply(200, { items: [seen], canModify: true }) }).install();
    const { user, openChild } = renderRecordView(<CrossReferencesGrid place={place} component={viewComponent('CrossReferences')} />, '/case/cmp-2026-00001');
    await user.click(await screen.findByRole('link', { name: 'CMP-2026-00002 · Barking dog' }));
    expect(openChild).toHaveBeenLastCalledWith('/case/cmp-2026-00001/crossreference/cmp-2026-00002', undefined);
    await user.click(screen.getByRole('button', { name: 'Add cross reference' }));
    expect(openChild).toHaveBeenLastCalledWith('/case/cmp-2026-00001/crossreference/new', undefined);
  });

  it('offer neither Add nor Remove to one who may not change the case', async () => {
    createFakeApi({ 'GET /api/demo/crossreferences/CMP-2026-00001': reply(200, { items: [seen], canModify: false }) }).install();
    renderRecordView(<CrossReferencesGrid place={place} component={viewComponent('CrossReferences')} />, '/case/cmp-2026-00001');
    expect(await screen.findByRole('button', { name: 'Preview CMP-2026-00002' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add cross reference' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('ask a new case to be saved first', () => {
    renderRecordView(<CrossReferencesGrid place={{ ...place, identifier: '' }} component={viewComponent('CrossReferences')} />, '/new/case/comp');
    expect(screen.getByText('Save the complaint first, then cross-reference it with other cases.')).toBeInTheDocument();
  });
});
