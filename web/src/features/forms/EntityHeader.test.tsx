import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { EntityState } from '../../lib/api/types';
import { resetAppState } from '../../test/appState';
import { renderElement } from '../../test/render';
import { EntityHeader } from './EntityHeader';

function header(kind: 'case' | 'person', state: EntityState, statusName?: string) {
  renderElement(
    <EntityHeader
      kind={kind}
      state={state}
      title="The record"
      typeName={kind === 'case' ? 'Complaint' : 'Individual'}
      statusName={statusName}
      dirty={false}
      canSave={false}
      saving={false}
      onSave={() => undefined}
      actions={[]}
    />,
  );
  return screen.getByRole('banner');
}

describe('the header of a record', () => {
  it('shows an open case with its type’s icon and its status', () => {
    const shown = header('case', 'open', 'Under review');
    expect(within(shown).getByRole('img', { name: 'Complaint' })).toBeInTheDocument();
    expect(shown).toHaveTextContent('Under review');
    expect(shown).not.toHaveTextContent('Closed');
    expect(shown).toHaveAttribute('data-state', 'open');
  });

  it('shows a closed case with an icon and a badge of its own, and the status when it says more', () => {
    const shown = header('case', 'closed', 'Withdrawn');
    expect(within(shown).getByRole('img', { name: 'Closed Complaint' })).toBeInTheDocument();
    expect(within(shown).getByText('Closed')).toBeInTheDocument();
    expect(within(shown).getByText('Withdrawn')).toBeInTheDocument();
  });

  it('says Closed once when the closed status is called Closed', () => {
    const shown = header('case', 'closed', 'Closed');
    expect(within(shown).getAllByText('Closed')).toHaveLength(1);
  });

  it('shows an obsolete person with the obsolete icon and badge', () => {
    const shown = header('person', 'obsolete');
    expect(within(shown).getByRole('img', { name: 'Obsolete Individual' })).toBeInTheDocument();
    expect(within(shown).getByText('Obsolete')).toBeInTheDocument();
  });

  it('shows an active person, and a record not saved yet, with the type’s icon alone', () => {
    for (const state of ['active', 'undefined'] as const) {
      const shown = header('person', state);
      expect(within(shown).getByRole('img', { name: 'Individual' })).toBeInTheDocument();
      expect(shown).not.toHaveTextContent('Obsolete');
      resetAppState();
    }
  });
});
