import { describe, expect, it } from 'vitest';

import { caseTypesFilter, openedFrom, openedTo, outputFormat, reportData } from './reportFixtures';
import { chooseFormatMessage, filterValues, firstInvalid, formErrors, initialValue, reportForm } from './reportForm';

describe('the filters a report is run with', () => {
  it('join a multi-select’s texts with ||| and its keys with a comma (spec 2 §5)', () => {
    const form = reportForm(reportData());
    expect(filterValues(form.filters, { types: ['COMP', 'INV'], 'opened.from': '2026-01-01' })).toEqual([
      { id: 'types', label: 'Case types', type: 'MultiChoiceField', value: 'Complaint|||Investigation', valueKey: 'COMP,INV' },
      { id: 'opened.from', label: 'Opened from', type: 'DateField', value: '2026-01-01', valueKey: '2026-01-01' },
      { id: 'opened.to', label: 'Opened to', type: 'DateField', value: null, valueKey: null },
    ]);
  });

  it('send a single choice as its text and its key', () => {
    const status = { ...caseTypesFilter, id: 'status', label: 'Status', type: 'ChoiceField' };
    expect(filterValues(reportForm(reportData({ components: [status] })).filters, { status: 'LIC' })).toEqual([
      { id: 'status', label: 'Status', type: 'ChoiceField', value: 'Licence application', valueKey: 'LIC' },
    ]);
  });

  it('start from the person’s last choices, kept as keys or as the texts that were sent', () => {
    expect(initialValue({ ...caseTypesFilter, value: 'COMP,LIC' })).toEqual(['COMP', 'LIC']);
    expect(initialValue({ ...caseTypesFilter, value: 'Complaint|||Investigation' })).toEqual(['COMP', 'INV']);
    expect(initialValue({ ...caseTypesFilter, value: ['INV'] })).toEqual(['INV']);
    expect(initialValue({ ...outputFormat(), value: 'csv' })).toBe('csv');
    expect(initialValue({ ...openedFrom, value: '2026-02-01' })).toBe('2026-02-01');
    expect(initialValue({ ...openedFrom, value: null })).toBeNull();
    const form = reportForm(reportData({ components: [{ ...caseTypesFilter, value: 'COMP' }, openedFrom, openedTo], outputFormatComponents: [outputFormat({ value: 'xlsx' })] }));
    expect(form.values).toEqual({ types: ['COMP'], outputFormat: 'xlsx' });
  });
});

describe('what stops an action (spec 2 §5)', () => {
  const form = reportForm(reportData());

  it('Export needs an output format; View does not', () => {
    expect(formErrors(form, {}, {}, 'export')).toEqual({ outputFormat: chooseFormatMessage });
    expect(formErrors(form, {}, {}, 'view')).toEqual({});
    expect(formErrors(form, { outputFormat: 'csv' }, {}, 'export')).toEqual({});
  });

  it('a filter’s own error, or the server’s, stops both, and the first in the panel’s order is the one to put right', () => {
    const errors = formErrors(form, { 'opened.from': 'not a date' }, { types: 'Not a case type.' }, 'export');
    expect(errors).toEqual({ types: 'Not a case type.', 'opened.from': 'Must be a date (YYYY-MM-DD).', outputFormat: chooseFormatMessage });
    expect(firstInvalid(form, errors)).toBe('types');
    expect(firstInvalid(form, { outputFormat: chooseFormatMessage })).toBe('outputFormat');
  });

  it('a date range may not end before it starts', () => {
    expect(formErrors(form, { 'opened.from': '2026-03-01', 'opened.to': '2026-02-01' }, {}, 'view')).toEqual({
      'opened.to': 'Must not be before the start of the range.',
    });
  });
});
