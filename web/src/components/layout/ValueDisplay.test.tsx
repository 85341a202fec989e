import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatDateTime } from '../../lib/format';
import { container, fact, field, renderLayout, text } from '../../test/layout';

describe('a fact of the record in a layout', () => {
  it('shows its own value read-only under its label, not a value of the form', () => {
    renderLayout([fact('TextField', 'createdBy', 'Walt Worker', { label: 'Created by' })], { values: { createdBy: 'someone else' } });
    const box = screen.getByRole('textbox', { name: 'Created by' });
    expect(box).toHaveValue('Walt Worker');
    expect(box).toHaveAttribute('readonly');
  });

  it('shows the person type by the name its option gives the type’s id', () => {
    renderLayout([
      fact('ChoiceField', 'personType', 'IND', { label: 'Person type', options: [{ textField: 'Individual', valueField: 'IND' }] }),
    ]);
    expect(screen.getByRole('textbox', { name: 'Person type' })).toHaveValue('Individual');
  });

  it('shows a date and time in the person’s zone and format', () => {
    renderLayout([fact('DateTimeField', 'createdAt', '2026-03-01T09:30:00.000Z', { label: 'Created on' })]);
    expect(screen.getByRole('textbox', { name: 'Created on' })).toHaveValue(formatDateTime('2026-03-01T09:30:00.000Z'));
  });

  it('shows nothing while the record is new and the fact not known', () => {
    renderLayout([fact('TextField', 'caseNumber', null, { label: 'Case number' })]);
    expect(screen.getByRole('textbox', { name: 'Case number' })).toHaveValue('');
  });

  it('is hidden on the size of screen its layout says, as any component', () => {
    renderLayout(
      [container('HBox', 'names', [field('TextField', 'surname', { label: 'Surname' }), fact('ChoiceField', 'personType', 'IND', { label: 'Person type', hiddenOnSmallDevice: true })])],
      { screen: 'small' },
    );
    expect(screen.getByRole('textbox', { name: 'Surname' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Person type' })).not.toBeInTheDocument();
  });
});

describe('a text in a layout', () => {
  it('says what the server filled it with, under its heading when it has one', () => {
    renderLayout([text('closing', 'CMP-2026-00001 is closed: record the outcome.', { label: 'Closing' }), text('plain', 'Only what they told us.')]);
    expect(screen.getByText('CMP-2026-00001 is closed: record the outcome.')).toBeInTheDocument();
    expect(screen.getByText('Closing')).toBeInTheDocument();
    expect(screen.getByText('Only what they told us.').tagName).toBe('P');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
