import { describe, expect, it } from 'vitest';

import { container, fact, field, text } from '../../test/layoutComponents';
import {
  checkValue,
  conditionHolds,
  dataFields,
  hiddenOnScreen,
  isContainer,
  isEmpty,
  isShown,
  placeFields,
  plainText,
  sameValues,
  showsOwnValue,
  validateValues,
  valuesForSaving,
} from './layoutModel';

const options = [
  { textField: 'Noise', valueField: 'noise' },
  { textField: 'Waste', valueField: 'waste' },
];

describe('the kinds of layout component', () => {
  it('are containers for HBox, VBox, Section, Fieldset and TabSet', () => {
    for (const type of ['HBox', 'VBox', 'Section', 'Fieldset', 'TabSet']) {
      expect(isContainer(container(type, 'box', []))).toBe(true);
    }
  });

  it('are data fields for every other type, known or not', () => {
    for (const type of ['TextField', 'NumberField', 'Addresses', 'PersonRoleField', 'SomethingNew']) {
      expect(isContainer(field(type, 'f'))).toBe(false);
    }
  });

  it('list their data fields in order, however deep', () => {
    const layout = [
      field('TextField', 'title'),
      container('TabSet', 'tabs', [
        container('VBox', 'first', [field('NumberField', 'count'), container('Section', 'more', [field('DateField', 'opened')])]),
        container('Fieldset', 'second', [field('YesNoField', 'urgent')]),
      ]),
      field('TextAreaField', 'notes'),
    ];
    expect(dataFields(layout).map((component) => component.referenceCode)).toEqual(['title', 'count', 'opened', 'urgent', 'notes']);
  });

  it('leave out views, whose reference names a role rather than a field', () => {
    const layout = [
      field('TextField', 'title'),
      { ...field('TextField', 'WITNESS'), type: 'Roles' },
      { ...field('TextField', 'held'), type: 'RolesHeld', referenceCode: undefined },
      { ...field('TextField', 'docs'), type: 'Documents', referenceCode: undefined },
    ];
    expect(dataFields(layout).map((component) => component.referenceCode)).toEqual(['title']);
  });

  it('leave out the facts of the record and the texts, which carry their own value', () => {
    const title = field('TextField', 'title');
    const createdAt = fact('DateTimeField', 'createdAt', null);
    const hint = text('hint', 'Ask what would help.');
    const layout = [title, container('HBox', 'record', [fact('ChoiceField', 'personType', 'IND'), createdAt]), hint];
    expect(dataFields(layout).map((component) => component.id)).toEqual(['c-title']);
    expect(showsOwnValue(createdAt)).toBe(true);
    expect(showsOwnValue(hint)).toBe(true);
    expect(showsOwnValue(title)).toBe(false);
  });

  it('never validate nor save a fact or a text, even one with a value that would be wrong', () => {
    const layout = [field('TextField', 'title', { mandatory: true }), fact('NumberField', 'count', 'many', { mandatory: true, readonly: false }), text('hint', '')];
    expect(validateValues(layout, { title: 'Noise' })).toEqual({});
    expect(valuesForSaving(layout, { title: 'Noise', count: 3, hint: 'x' })).toEqual({ title: 'Noise' });
  });
});

describe('whether a component is shown', () => {
  it('hides a component flagged for small devices on a small screen only', () => {
    const component = field('TextField', 'a', { hiddenOnSmallDevice: true });
    expect(hiddenOnScreen(component, 'small')).toBe(true);
    expect(hiddenOnScreen(component, 'medium')).toBe(false);
    expect(hiddenOnScreen(component, 'large')).toBe(false);
  });

  it('hides a component flagged for medium devices on a medium screen only', () => {
    const component = field('TextField', 'a', { hiddenOnMediumDevice: true });
    expect(hiddenOnScreen(component, 'small')).toBe(false);
    expect(hiddenOnScreen(component, 'medium')).toBe(true);
    expect(hiddenOnScreen(component, 'large')).toBe(false);
  });

  it('always holds a component without a visibility condition', () => {
    expect(conditionHolds(field('TextField', 'a'), {})).toBe(true);
    expect(conditionHolds(field('TextField', 'a', { visibleWhen: null }), {})).toBe(true);
  });

  it('evaluates the visibility condition as JSON Logic over the form’s values', () => {
    const component = field('TextField', 'details', { visibleWhen: { '==': [{ var: 'category' }, 'noise'] } });
    expect(conditionHolds(component, { category: 'noise' })).toBe(true);
    expect(conditionHolds(component, { category: 'waste' })).toBe(false);
    expect(conditionHolds(component, {})).toBe(false);
  });

  it('takes the truthiness of JSON Logic: empty text, 0 and an empty list hide; a non-empty list shows', () => {
    const when = (rule: unknown) => field('TextField', 'a', { visibleWhen: rule });
    expect(conditionHolds(when({ var: 'text' }), { text: '' })).toBe(false);
    expect(conditionHolds(when({ var: 'count' }), { count: 0 })).toBe(false);
    expect(conditionHolds(when({ var: 'list' }), { list: [] })).toBe(false);
    expect(conditionHolds(when({ var: 'list' }), { list: ['x'] })).toBe(true);
    expect(conditionHolds(when({ var: 'text' }), { text: '0' })).toBe(true);
  });

  it('needs both the screen and the condition to allow it', () => {
    const component = field('TextField', 'a', { hiddenOnSmallDevice: true, visibleWhen: { var: 'flag' } });
    expect(isShown(component, { flag: true }, 'large')).toBe(true);
    expect(isShown(component, { flag: true }, 'small')).toBe(false);
    expect(isShown(component, { flag: false }, 'large')).toBe(false);
  });
});

describe('the placement of fields', () => {
  const layout = [
    container('Section', 'extra', [field('TextField', 'inner'), container('VBox', 'deeper', [field('TextField', 'deepest')])], {
      visibleWhen: { var: 'more' },
    }),
    container('Fieldset', 'locked', [field('TextField', 'kept')], { readonly: true }),
    field('TextField', 'own', { readonly: true }),
    field('TextField', 'free'),
  ];

  it('hides every field under a container whose condition fails', () => {
    const placements = placeFields(layout, { more: false });
    expect(placements.get('inner')?.visible).toBe(false);
    expect(placements.get('deepest')?.visible).toBe(false);
    expect(placements.get('free')?.visible).toBe(true);
    expect(placeFields(layout, { more: true }).get('deepest')?.visible).toBe(true);
  });

  it('makes every field under a read-only container read-only, and a read-only field itself', () => {
    const placements = placeFields(layout, {});
    expect(placements.get('kept')?.readOnly).toBe(true);
    expect(placements.get('own')?.readOnly).toBe(true);
    expect(placements.get('free')?.readOnly).toBe(false);
  });

  it('makes every field read-only on a read-only form', () => {
    const placements = placeFields(layout, {}, true);
    expect([...placements.values()].every((placement) => placement.readOnly)).toBe(true);
  });
});

describe('an empty value', () => {
  it('is null, undefined, empty text, an empty list or an object with only empty parts', () => {
    expect(isEmpty(null)).toBe(true);
    expect(isEmpty(undefined)).toBe(true);
    expect(isEmpty('')).toBe(true);
    expect(isEmpty([])).toBe(true);
    expect(isEmpty({})).toBe(true);
    expect(isEmpty({ line1: '', town: null })).toBe(true);
  });

  it('is not 0, false, a space or an object with any part filled in', () => {
    expect(isEmpty(0)).toBe(false);
    expect(isEmpty(false)).toBe(false);
    expect(isEmpty(' ')).toBe(false);
    expect(isEmpty({ line1: '', town: 'Harbridge' })).toBe(false);
  });
});

describe('the text of rich text', () => {
  it('drops the tags, non-breaking spaces and extra white space', () => {
    expect(plainText('<p>Hello <b>there</b></p><p>&nbsp;again</p>')).toBe('Hello there again');
    expect(plainText('<p><br></p>')).toBe('');
  });
});

describe('the check of a value', () => {
  it('lets any field be empty', () => {
    for (const type of ['TextField', 'NumberField', 'DateField', 'YesNoField', 'ChoiceField', 'MultiChoiceField', 'Addresses']) {
      expect(checkValue(field(type, 'f', { options }), null)).toBeNull();
      expect(checkValue(field(type, 'f', { options }), '')).toBeNull();
    }
  });

  describe('of text, multi-line text and rich text', () => {
    it('wants text', () => {
      expect(checkValue(field('TextField', 'f'), 12)).toBe('Must be text.');
      expect(checkValue(field('TextAreaField', 'f'), true)).toBe('Must be text.');
      expect(checkValue(field('RichTextField', 'f'), ['x'])).toBe('Must be text.');
    });

    it('allows up to the maximum length, counted in characters', () => {
      const title = field('TextField', 'f', { maxLength: 5 });
      expect(checkValue(title, 'abcde')).toBeNull();
      expect(checkValue(title, 'éèêëä')).toBeNull();
      expect(checkValue(title, '😀😀😀😀😀')).toBeNull();
      expect(checkValue(title, 'abcdef')).toBe('Must be at most 5 characters.');
      expect(checkValue(field('TextAreaField', 'f', { maxLength: 3 }), 'a\nbc')).toBe('Must be at most 3 characters.');
    });

    it('allows 1000 characters when no maximum is given', () => {
      const title = field('TextField', 'f');
      expect(checkValue(title, 'a'.repeat(1000))).toBeNull();
      expect(checkValue(title, 'a'.repeat(1001))).toBe('Must be at most 1000 characters.');
    });

    it('takes rich text without words as empty, whatever its tags', () => {
      expect(checkValue(field('RichTextField', 'f', { maxLength: 3 }), '<p><br></p>')).toBeNull();
    });
  });

  describe('of a number', () => {
    const count = field('NumberField', 'f', { minimum: 0, maximum: 10.5 });

    it('takes a number, or text that reads as one', () => {
      expect(checkValue(count, 3)).toBeNull();
      expect(checkValue(count, '3')).toBeNull();
      expect(checkValue(count, ' 2.5 ')).toBeNull();
    });

    it('refuses text that is not a number, and infinity', () => {
      expect(checkValue(count, 'abc')).toBe('Must be a number.');
      expect(checkValue(count, '1.2.3')).toBe('Must be a number.');
      expect(checkValue(count, '12 apples')).toBe('Must be a number.');
      expect(checkValue(count, 'Infinity')).toBe('Must be a number.');
      expect(checkValue(count, true)).toBe('Must be a number.');
    });

    it('keeps to the minimum and maximum, as given', () => {
      expect(checkValue(count, 0)).toBeNull();
      expect(checkValue(count, 10.5)).toBeNull();
      expect(checkValue(count, -1)).toBe('Must be at least 0.');
      expect(checkValue(count, '11')).toBe('Must be at most 10.5.');
    });
  });

  describe('of a date', () => {
    const date = field('DateField', 'f');

    it('takes a day that exists, as YYYY-MM-DD', () => {
      expect(checkValue(date, '2024-02-29')).toBeNull();
      expect(checkValue(date, '2000-02-29')).toBeNull();
      expect(checkValue(date, '2026-12-31')).toBeNull();
    });

    it('refuses a day that does not exist', () => {
      expect(checkValue(date, '2023-02-29')).toBe('Must be a date (YYYY-MM-DD).');
      expect(checkValue(date, '1900-02-29')).toBe('Must be a date (YYYY-MM-DD).');
      expect(checkValue(date, '2024-04-31')).toBe('Must be a date (YYYY-MM-DD).');
      expect(checkValue(date, '2024-13-01')).toBe('Must be a date (YYYY-MM-DD).');
      expect(checkValue(date, '0000-01-01')).toBe('Must be a date (YYYY-MM-DD).');
    });

    it('refuses any other way of writing a date', () => {
      expect(checkValue(date, '01/02/2024')).toBe('Must be a date (YYYY-MM-DD).');
      expect(checkValue(date, '2024-1-2')).toBe('Must be a date (YYYY-MM-DD).');
      expect(checkValue(date, '2024-01-02T00:00:00Z')).toBe('Must be a date (YYYY-MM-DD).');
      expect(checkValue(date, 20240102)).toBe('Must be a date (YYYY-MM-DD).');
    });

    it('takes the years before 100 the server takes', () => {
      expect(checkValue(date, '0001-01-01')).toBeNull();
      expect(checkValue(date, '0099-12-31')).toBeNull();
    });
  });

  describe('of a date and time', () => {
    const time = field('DateTimeField', 'f');

    it('takes a UTC time as the form sends it', () => {
      expect(checkValue(time, '2024-03-05T14:30:00.000Z')).toBeNull();
      expect(checkValue(time, '2024-03-05T14:30:00Z')).toBeNull();
    });

    it('refuses what is not a time', () => {
      const message = 'Must be a date and time in UTC (YYYY-MM-DDTHH:MM:SSZ).';
      expect(checkValue(time, 'soon')).toBe(message);
      expect(checkValue(time, 1709649000000)).toBe(message);
    });
  });

  describe('of yes or no', () => {
    it('takes true and false only', () => {
      const flag = field('YesNoField', 'f');
      expect(checkValue(flag, true)).toBeNull();
      expect(checkValue(flag, false)).toBeNull();
      expect(checkValue(flag, 'yes')).toBe('Must be yes or no.');
      expect(checkValue(flag, 1)).toBe('Must be yes or no.');
    });
  });

  describe('of a choice', () => {
    it('takes the value of a listed option, not its text', () => {
      const choice = field('ChoiceField', 'f', { options });
      expect(checkValue(choice, 'noise')).toBeNull();
      expect(checkValue(choice, 'Noise')).toBe('Must be one of the listed options.');
      expect(checkValue(choice, 'fire')).toBe('Must be one of the listed options.');
      expect(checkValue(choice, ['noise'])).toBe('Must be one of the listed options.');
    });
  });

  describe('of several choices', () => {
    it('takes a list of listed options', () => {
      const choices = field('MultiChoiceField', 'f', { options });
      expect(checkValue(choices, ['noise'])).toBeNull();
      expect(checkValue(choices, ['waste', 'noise'])).toBeNull();
      expect(checkValue(choices, ['noise', 'fire'])).toBe('Must be a list of the listed options.');
      expect(checkValue(choices, 'noise')).toBe('Must be a list of the listed options.');
    });
  });

  describe('of an address', () => {
    const address = field('Addresses', 'f');

    it('takes lines of up to 100 characters', () => {
      expect(checkValue(address, { line1: '1 High Street', town: 'Harbridge', postcode: 'HB1 2AA' })).toBeNull();
      expect(checkValue(address, { line1: 'a'.repeat(100) })).toBeNull();
      expect(checkValue(address, { line1: 'a'.repeat(101) })).toBe('Each line of an address must be at most 100 characters.');
    });

    it('refuses what is not an address', () => {
      expect(checkValue(address, '1 High Street')).toBe('Must be an address.');
    });
  });
});

describe('the validation of a form before it is saved', () => {
  it('finds nothing wrong with a form filled in well', () => {
    const layout = [field('TextField', 'title', { mandatory: true }), field('NumberField', 'count')];
    expect(validateValues(layout, { title: 'Barking dog', count: '4' })).toEqual({});
  });

  it('says “Required” of a mandatory field that is empty', () => {
    const layout = [
      field('TextField', 'title', { mandatory: true }),
      field('MultiChoiceField', 'kinds', { mandatory: true, options }),
      field('Addresses', 'location', { mandatory: true }),
      field('YesNoField', 'urgent', { mandatory: true }),
    ];
    expect(validateValues(layout, { kinds: [], location: { line1: '' }, urgent: false })).toEqual({
      title: 'Required',
      kinds: 'Required',
      location: 'Required',
    });
  });

  it('says “Required” of mandatory rich text with no words in it', () => {
    const layout = [field('RichTextField', 'notes', { mandatory: true })];
    expect(validateValues(layout, { notes: '<p> </p>' })).toEqual({ notes: 'Required' });
    expect(validateValues(layout, { notes: '<p>Seen</p>' })).toEqual({});
  });

  it('gives the problem of a wrong value rather than “Required”', () => {
    const layout = [field('NumberField', 'count', { mandatory: true })];
    expect(validateValues(layout, { count: 'many' })).toEqual({ count: 'Must be a number.' });
  });

  it('does not require a mandatory field that is hidden by its condition or its container’s', () => {
    const layout = [
      field('TextField', 'reason', { mandatory: true, visibleWhen: { '==': [{ var: 'outcome' }, 'refused'] } }),
      container('Section', 'appeal', [field('DateField', 'heard', { mandatory: true })], { visibleWhen: { var: 'appealed' } }),
    ];
    expect(validateValues(layout, { outcome: 'granted', appealed: false })).toEqual({});
    expect(validateValues(layout, { outcome: 'refused', appealed: true })).toEqual({ reason: 'Required', heard: 'Required' });
  });

  it('checks nothing in a hidden field: what cannot be seen cannot block a save (the server keeps what it had)', () => {
    const layout = [field('NumberField', 'count', { visibleWhen: { var: 'counted' } })];
    expect(validateValues(layout, { counted: false, count: 'many' })).toEqual({});
    expect(validateValues(layout, { counted: true, count: 'many' })).toEqual({ count: 'Must be a number.' });
  });

  it('checks nothing in a read-only field, whether it or its container is read-only', () => {
    const layout = [
      field('TextField', 'reference', { mandatory: true, readonly: true }),
      container('Fieldset', 'audit', [field('NumberField', 'score', { mandatory: true })], { readonly: true }),
    ];
    expect(validateValues(layout, { score: 'many' })).toEqual({});
  });

  it('does not count a number field left blank as a wrong number', () => {
    const layout = [field('NumberField', 'count'), field('NumberField', 'needed', { mandatory: true })];
    expect(validateValues(layout, { count: '  ', needed: ' ' })).toEqual({ needed: 'Required' });
  });
});

describe('the values sent when a form is saved', () => {
  it('has every editable field, empty ones as null', () => {
    const layout = [field('TextField', 'title'), container('VBox', 'box', [field('DateField', 'opened')]), field('TextField', 'notes')];
    expect(valuesForSaving(layout, { title: 'Barking dog', notes: '' })).toEqual({ title: 'Barking dog', opened: null, notes: null });
  });

  it('leaves out fields that are read-only', () => {
    const layout = [field('TextField', 'reference', { readonly: true }), field('TextField', 'title')];
    expect(valuesForSaving(layout, { reference: 'C-1', title: 'x' })).toEqual({ title: 'x' });
  });

  it('sends numbers typed as text as numbers, and a blank number as null', () => {
    const layout = [field('NumberField', 'count'), field('NumberField', 'score'), field('NumberField', 'age')];
    expect(valuesForSaving(layout, { count: '12.5', score: '   ', age: 7 })).toEqual({ count: 12.5, score: null, age: 7 });
  });

  it('sends only the id of a person or case picked for a role', () => {
    const layout = [field('PersonRoleField', 'complainant'), field('CaseRoleField', 'parent')];
    const values = {
      complainant: { id: 12, display: 'Jane Smith', kind: 'person', identifier: '12' },
      parent: { id: 'C-2024-0001', display: 'Barking dog' },
    };
    expect(valuesForSaving(layout, values)).toEqual({ complainant: { id: 12 }, parent: { id: 'C-2024-0001' } });
  });

  it('sends a link the person may not see as unavailable, so that the server keeps it', () => {
    const layout = [field('PersonRoleField', 'complainant')];
    const values = { complainant: { display: 'Not available', kind: 'person', unavailable: true } };
    expect(valuesForSaving(layout, values)).toEqual({ complainant: { unavailable: true } });
  });

  it('sends other values as they are', () => {
    const layout = [field('MultiChoiceField', 'kinds', { options }), field('Addresses', 'location'), field('YesNoField', 'urgent')];
    const values = { kinds: ['noise'], location: { line1: '1 High Street' }, urgent: false };
    expect(valuesForSaving(layout, values)).toEqual(values);
  });
});

describe('whether two sets of values are the same form', () => {
  it('is so when every value is the same', () => {
    expect(sameValues({ title: 'x', kinds: ['noise'] }, { kinds: ['noise'], title: 'x' })).toBe(true);
  });

  it('counts a missing value, null, empty text and an empty list alike', () => {
    expect(sameValues({ title: '', kinds: [], location: { line1: '' } }, { notes: null })).toBe(true);
  });

  it('is not so when any value differs', () => {
    expect(sameValues({ title: 'x' }, { title: 'y' })).toBe(false);
    expect(sameValues({ title: 'x' }, {})).toBe(false);
    expect(sameValues({ count: 1 }, { count: '1' })).toBe(false);
    expect(sameValues({ kinds: ['noise', 'waste'] }, { kinds: ['waste', 'noise'] })).toBe(false);
  });

  it('does not mind the order of the parts of an address', () => {
    expect(sameValues({ location: { line1: '1 High Street', town: 'Harbridge' } }, { location: { town: 'Harbridge', line1: '1 High Street' } })).toBe(
      true,
    );
  });
});
