import { describe, expect, it } from 'vitest';

import {
  annKhan,
  annaBerg,
  caseTypesFilter,
  complainantsFilter,
  joeBloggs,
  officerFilter,
  openedFrom,
  openedTo,
  outputFormat,
  reportData,
} from './reportFixtures';
import { chooseFormatMessage, filterValues, firstInvalid, formErrors, initialValue, reportForm } from './reportForm';
import { filtersWords } from './scheduleWords';

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

describe('a people-in-roles filter (PersonRoleField)', () => {
  it('is sent as a multi-select is: the names joined with |||, the ids with a comma', () => {
    const form = reportForm(reportData({ components: [complainantsFilter] }));
    expect(filterValues(form.filters, { complainants: [annKhan, joeBloggs] })).toEqual([
      { id: 'complainants', label: 'Complainants', type: 'PersonRoleField', value: 'Ann Khan|||Joe Bloggs', valueKey: '12,31' },
    ]);
  });

  it('of one person sends their name and id, and nothing when no one is chosen', () => {
    const form = reportForm(reportData({ components: [officerFilter, complainantsFilter] }));
    expect(filterValues(form.filters, { officer: [annaBerg], complainants: null })).toEqual([
      { id: 'officer', label: 'Officer', type: 'PersonRoleField', value: 'Anna Berg', valueKey: '14' },
      { id: 'complainants', label: 'Complainants', type: 'PersonRoleField', value: null, valueKey: null },
    ]);
    expect(filterValues(form.filters, { officer: [] })[0]).toMatchObject({ value: null, valueKey: null });
  });

  it('starts from the persons chosen last time, named by its options', () => {
    expect(initialValue({ ...complainantsFilter, options: [annKhan, joeBloggs], value: ['12', '31'] })).toEqual([annKhan, joeBloggs]);
    expect(initialValue({ ...officerFilter, options: [annaBerg], value: '14' })).toEqual([annaBerg]);
    expect(initialValue({ ...officerFilter, value: null })).toBeNull();
    // A person the server names no more (the user may no longer see them) is left out.
    expect(initialValue({ ...complainantsFilter, options: [joeBloggs], value: ['12', '31'] })).toEqual([joeBloggs]);
    expect(initialValue({ ...complainantsFilter, options: [], value: ['12'] })).toBeNull();
    const form = reportForm(reportData({ components: [{ ...complainantsFilter, options: [annKhan], value: ['12'] }], outputFormatComponents: [] }));
    expect(form.values).toEqual({ complainants: [annKhan] });
    expect(form.filters[0]).not.toHaveProperty('value');
  });

  it('is Required when mandatory and empty, as any filter is', () => {
    const form = reportForm(reportData({ components: [{ ...complainantsFilter, mandatory: true }] }));
    expect(formErrors(form, { complainants: null }, {}, 'view')).toEqual({ complainants: 'Required' });
    expect(formErrors(form, { complainants: [annKhan] }, {}, 'view')).toEqual({});
  });

  it('reads in a schedule’s line as the names chosen', () => {
    const form = reportForm(reportData({ components: [complainantsFilter] }));
    expect(filtersWords(filterValues(form.filters, { complainants: [annKhan, joeBloggs] }))).toBe('With: Complainants Ann Khan, Joe Bloggs');
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
