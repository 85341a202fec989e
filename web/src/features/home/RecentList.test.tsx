import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply } from '../../test/fakeApi';
import { renderElement } from '../../test/render';
import { RecentList } from './RecentList';

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
  createFakeApi({
    'GET /api/demo/recent': reply(200, [
      { entity: 'Case', entityIdentifier: 'CMP-2026-00001', displayName: 'Loud music from the harbour bar after midnight on weekdays', typeRef: 'COMP', typeName: 'Complaint', openedAt: '2026-11-24T09:14:00Z', statusName: 'Open' },
      { entity: 'Person', entityIdentifier: '2', displayName: 'Tomasz Nowak', typeRef: 'IND', typeName: 'Individual', openedAt: '2026-11-23T16:02:00Z', obsolete: true },
    ]),
  }).install();
});

describe('recently opened', () => {
  it('lists each record as a link with what it is on the line under it, without stray separators', async () => {
    renderElement(<RecentList />);
    const list = await screen.findByRole('list', { name: 'Recently opened' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Loud music from the harbour bar after midnight on weekdays' })).toHaveAttribute('href', '/demo/case/cmp-2026-00001');
    expect(first).toHaveTextContent('Complaint CMP-2026-00001 · Open');
    expect(second).toHaveTextContent('Individual · obsolete');
    expect(second).toHaveTextContent(/Opened \d{2}\/\d{2}\/2026 \d{2}:\d{2}:\d{2} [AP]M/);
    for (const item of [first, second]) expect(item?.textContent).not.toMatch(/^\s*·|·\s*$|·\s*·/);
  });
});
