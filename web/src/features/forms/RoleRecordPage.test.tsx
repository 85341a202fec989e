import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { FormLoadResult } from '../../lib/api/types';
import { informationBar } from '../../lib/informationBar';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { registerSlots, type Slots } from '../../lib/slots';
import { createFakeApi, reply } from '../../test/fakeApi';
import { field } from '../../test/layoutComponents';
import { renderRoutes } from '../../test/render';
import { RoleRecordPage } from './RoleRecordPage';

const witness = {
  canView: true,
  canCreate: true,
  canModify: true,
  canDelete: false,
  formId: 'individual',
  entityDescription: 'Individual',
  headerText: 'Wren Marlowe',
  layout: { components: [field('TextField', 'surname', { label: 'Surname' })] },
  data: { surname: 'Marlowe' },
  alerts: [],
  additionalInfo: { DisplayName: 'Wren Marlowe', Obsolete: false },
  entity: { kind: 'person', typeRef: 'IND', typeName: 'Individual', isNew: false, state: 'active', identifier: '7', rowVersion: 1 },
} as FormLoadResult;

const preview = (kind: string, identifier: string) => `preview of ${kind} ${identifier}`;

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
  informationBar.set({ open: false, panels: {} });
  registerSlots({ entityPreview: (kind: string, identifier: string) => preview(kind, identifier) } as unknown as Slots);
});

function open() {
  return renderRoutes([{ path: '/case/:caseNumber/roleperson/:roleCode/:entityId', element: <RoleRecordPage kind="person" /> }], '/case/cmp-1/roleperson/witness/7');
}

describe('a role person screen', () => {
  it('shows the holder’s form, and the parent’s preview beside it without taking the focus', async () => {
    createFakeApi({
      'GET /api/demo/form/person/initialise': reply(200, witness),
      'GET /api/demo/preview/case/cmp-1': reply(200, { canView: true }),
    }).install();
    open();
    expect(await screen.findByRole('textbox', { name: 'Surname' })).toHaveValue('Marlowe');
    const state = informationBar.get();
    expect(state.panels.entityPreview?.title).toBe('Parent case');
    expect(state.panels.entityPreview?.content).toBe('preview of case cmp-1');
    expect(state.takeFocus).toBe(false);
  });

  it('says so when the parent’s preview cannot be had', async () => {
    createFakeApi({
      'GET /api/demo/form/person/initialise': reply(200, witness),
      'GET /api/demo/preview/case/cmp-1': reply(500, { error: 'internal', message: 'Something went wrong.' }),
    }).install();
    open();
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent('The preview of CMP-1 failed - RSG100 operation timed out.');
  });
});
