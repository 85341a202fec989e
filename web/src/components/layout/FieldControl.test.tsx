import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { basePath } from '../../lib/environment';
import { resetAppState } from '../../test/appState';
import { container, field, renderLayout } from '../../test/layout';
import { dateFormatStore, formatDate, formatTime } from '../../lib/format';
import { addressText } from './fields/AddressControl';
import { RichTextControl } from './fields/RichTextControl';
import type { ControlProps } from './fields/TextControls';
import { focusField } from './LayoutContext';
import { sameValues } from './layoutModel';

// The control of each type of field (fields/*) is tested here, inside the field that holds it.

afterEach(() => {
  resetAppState();
  // jsdom has no editing commands; a test that needs them lends the page its own.
  Reflect.deleteProperty(document, 'execCommand');
});

const options = [
  { textField: 'Noise', valueField: 'noise' },
  { textField: 'Waste', valueField: 'waste' },
  { textField: 'Pests', valueField: 'pests' },
];

const wrapper = (id: string) => document.querySelector<HTMLElement>(`[data-field="${id}"]`) as HTMLElement;

describe('a data field', () => {
  it('is labelled with its label and marked by its reference code', () => {
    renderLayout([field('TextField', 'title', { label: 'Title' })]);
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeInTheDocument();
    expect(wrapper('title')).toContainElement(screen.getByRole('textbox', { name: 'Title' }));
  });

  it('shows its tooltip as a hint under it', () => {
    renderLayout([field('TextField', 'title', { label: 'Title', tooltip: 'A few words about the case' })]);
    expect(screen.getByText('A few words about the case')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('A few words about the case');
  });

  it('is marked required when mandatory', () => {
    renderLayout([field('TextField', 'title', { label: 'Title', mandatory: true }), field('TextField', 'notes', { label: 'Notes' })]);
    expect(screen.getByRole('textbox', { name: /Title/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Notes' })).not.toBeRequired();
  });

  it('is not marked required when it is read-only, itself or through its container', () => {
    renderLayout([
      field('TextField', 'reference', { label: 'Reference', mandatory: true, readonly: true }),
      container('VBox', 'locked', [field('TextField', 'title', { label: 'Title', mandatory: true })], { readonly: true }),
    ]);
    expect(screen.getByRole('textbox', { name: 'Reference' })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Title' })).not.toBeRequired();
  });

  it('shows its error, and is marked invalid', () => {
    renderLayout([field('TextField', 'title', { label: 'Title' }), field('TextField', 'notes', { label: 'Notes' })], {
      errors: { title: 'Required' },
    });
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toBeInvalid();
    expect(title).toHaveAccessibleDescription('Required');
    expect(within(wrapper('title')).getByText('Required')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toBeValid();
  });

  it('shows the error the server sent with the layout when the form has none of its own', () => {
    const { update } = renderLayout([field('TextField', 'title', { label: 'Title', errorMessage: 'Already taken.' })]);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Already taken.');
    update({ errors: { title: 'Must be at most 5 characters.' } });
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Must be at most 5 characters.');
  });

  it('is read-only when configured so, and tells nothing of changes', async () => {
    const { user, onChange } = renderLayout([field('TextField', 'title', { label: 'Title', readonly: true })], { values: { title: 'Fixed' } });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'x');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Fixed');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('looks read-only the same way whatever its control, and an editable one does not', () => {
    renderLayout(
      [
        container('VBox', 'locked', [field('TextField', 'title', { label: 'Title' }), field('ChoiceField', 'channel', { label: 'Channel', options: [{ textField: 'Phone', valueField: 'phone' }] })], { readonly: true }),
        field('TextField', 'notes', { label: 'Notes' }),
      ],
      { values: { title: 'Fixed', channel: 'phone' } },
    );
    const wrapperOf = (name: string) => screen.getByText(name, { selector: 'label' }).closest('[data-field]');
    expect(wrapperOf('Title')).toHaveAttribute('data-readonly', 'true');
    expect(wrapperOf('Channel')).toHaveAttribute('data-readonly', 'true');
    expect(wrapperOf('Title')?.className).toBe(wrapperOf('Channel')?.className);
    expect(wrapperOf('Notes')).not.toHaveAttribute('data-readonly');
  });

  it('keeps its value under its reference code', async () => {
    const { user, values } = renderLayout([field('TextField', 'title', { id: 'layout-7', label: 'Title' })]);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'x');
    expect(values()).toEqual({ title: 'x' });
  });
});

describe('the control of each type of field', () => {
  const person = { id: 12, display: 'Jane Smith', identifier: '12' };
  const layout = [
    field('TextField', 'title', { label: 'Title' }),
    field('TextAreaField', 'summary', { label: 'Summary' }),
    field('RichTextField', 'notes', { label: 'Notes' }),
    field('NumberField', 'count', { label: 'Count' }),
    field('DateField', 'opened', { label: 'Opened' }),
    field('DateTimeField', 'seen', { label: 'Seen' }),
    field('YesNoField', 'urgent', { label: 'Urgent' }),
    field('ChoiceField', 'category', { label: 'Category', options }),
    field('MultiChoiceField', 'kinds', { label: 'Kinds', options }),
    field('Addresses', 'location', { label: 'Location' }),
    field('PersonRoleField', 'complainant', { label: 'Complainant', role: 'COMPLAINANT' }),
    field('CaseRoleField', 'parent', { label: 'Parent case', role: 'PARENT' }),
  ];

  it('suits the type, and is named by the field’s label', () => {
    renderLayout(layout, { values: { complainant: person } });
    expect(within(wrapper('title')).getByRole('textbox', { name: 'Title' })).toHaveProperty('tagName', 'INPUT');
    expect(within(wrapper('summary')).getByRole('textbox', { name: 'Summary' })).toHaveProperty('tagName', 'TEXTAREA');
    expect(within(wrapper('notes')).getByRole('textbox', { name: 'Notes' })).toHaveAttribute('contenteditable', 'true');
    expect(within(wrapper('notes')).getByRole('toolbar', { name: 'Formatting for Notes' })).toBeInTheDocument();
    expect(within(wrapper('count')).getByRole('textbox', { name: 'Count' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: 'Opened' })).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(screen.getByRole('textbox', { name: 'Seen' })).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(screen.getByRole('textbox', { name: 'Seen: time' })).toHaveAttribute('placeholder', 'hh:mm AM');
    const urgent = within(wrapper('urgent')).getByRole('radiogroup', { name: 'Urgent' });
    expect(within(urgent).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['yes', 'no']);
    expect(within(wrapper('category')).getByRole('combobox', { name: 'Category' })).toBeInTheDocument();
    expect(within(within(wrapper('kinds')).getByRole('group', { name: 'Kinds' })).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(wrapper('location')).getByText('Location')).toBeInTheDocument();
    expect(within(wrapper('location')).getByRole('textbox', { name: 'Address line 1' })).toBeInTheDocument();
    expect(within(wrapper('complainant')).getByRole('link', { name: /Jane Smith/ })).toBeInTheDocument();
    expect(within(wrapper('parent')).getByText('None chosen')).toBeInTheDocument();
  });

  it('is the layout’s user’s own for a type they supply one for, inside the same label and error', async () => {
    const PersonFilter = ({ component, onChange }: ControlProps) => (
      <button type="button" onClick={() => onChange(['12'])}>
        Pick for {component.label}
      </button>
    );
    const { user, values } = renderLayout(layout, { controls: { PersonRoleField: PersonFilter }, errors: { complainant: 'Required' } });
    const own = within(wrapper('complainant')).getByRole('button', { name: 'Pick for Complainant' });
    expect(within(wrapper('complainant')).getByText('Required')).toBeVisible();
    await user.click(own);
    expect(values()).toEqual({ complainant: ['12'] });
    // Only that type: the case's role field keeps its built-in control.
    expect(within(wrapper('parent')).getByText('None chosen')).toBeInTheDocument();
  });

  it('takes the cursor when the field is chosen in the validation summary', () => {
    renderLayout(layout);
    const controls: Record<string, HTMLElement> = {
      title: screen.getByRole('textbox', { name: 'Title' }),
      summary: screen.getByRole('textbox', { name: 'Summary' }),
      notes: screen.getByRole('textbox', { name: 'Notes' }),
      count: screen.getByRole('textbox', { name: 'Count' }),
      opened: screen.getByRole('textbox', { name: 'Opened' }),
      seen: screen.getByRole('textbox', { name: 'Seen' }),
      urgent: screen.getByRole('radio', { name: 'Yes' }),
      category: screen.getByRole('combobox', { name: 'Category' }),
      kinds: within(wrapper('kinds')).getAllByRole('checkbox')[0] as HTMLElement,
      location: screen.getByRole('textbox', { name: 'Address line 1' }),
    };
    for (const [id, control] of Object.entries(controls)) {
      expect(focusField(id)).toBe(true);
      expect(control).toHaveFocus();
    }
  });
});

describe('a text field', () => {
  it('takes a line of text, up to its maximum length', async () => {
    const { user, values } = renderLayout([field('TextField', 'title', { label: 'Title', maxLength: 5 })]);
    const box = screen.getByRole('textbox', { name: 'Title' });
    expect(box).toHaveAttribute('maxlength', '5');
    await user.type(box, 'Barking');
    expect(box).toHaveValue('Barki');
    expect(values()).toEqual({ title: 'Barki' });
  });

  it('shows a value of another kind as text', () => {
    renderLayout([field('TextField', 'title', { label: 'Title' })], { values: { title: 42 } });
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('42');
  });
});

describe('a multi-line text field', () => {
  it('takes several lines', async () => {
    const { user, values } = renderLayout([field('TextAreaField', 'summary', { label: 'Summary', maxLength: 100 })]);
    const box = screen.getByRole('textbox', { name: 'Summary' });
    expect(box).toHaveAttribute('maxlength', '100');
    await user.type(box, 'One{Enter}Two');
    expect(values()).toEqual({ summary: 'One\nTwo' });
  });
});

describe('a number field', () => {
  it('keeps a number as a number', async () => {
    const { user, values } = renderLayout([field('NumberField', 'count', { label: 'Count' })]);
    await user.type(screen.getByRole('textbox', { name: 'Count' }), '12');
    expect(values()).toEqual({ count: 12 });
  });

  it('keeps what is typed as text until it is a number, so that a decimal point can be typed', async () => {
    const { user, values, onChange } = renderLayout([field('NumberField', 'count', { label: 'Count' })]);
    const box = screen.getByRole('textbox', { name: 'Count' });
    await user.type(box, '1.');
    expect(onChange).toHaveBeenLastCalledWith('count', '1.');
    expect(box).toHaveValue('1.');
    await user.type(box, '5');
    expect(values()).toEqual({ count: 1.5 });
    expect(box).toHaveValue('1.5');
  });

  it('keeps text that is not a number as it is, for the check to refuse', async () => {
    const { user, values } = renderLayout([field('NumberField', 'count', { label: 'Count' })]);
    await user.type(screen.getByRole('textbox', { name: 'Count' }), '1e');
    expect(values()).toEqual({ count: '1e' });
  });

  it('shows a stored number', () => {
    renderLayout([field('NumberField', 'count', { label: 'Count' })], { values: { count: 3.25 } });
    expect(screen.getByRole('textbox', { name: 'Count' })).toHaveValue('3.25');
  });
});

describe('a date field', () => {
  afterEach(() => dateFormatStore.set('DD/MM/YYYY'));

  it('shows a stored date in the environment’s format and keeps what is typed as ISO', async () => {
    const { values, user } = renderLayout([field('DateField', 'opened', { label: 'Opened' })], { values: { opened: '2024-03-05' } });
    const input = screen.getByRole('textbox', { name: 'Opened' });
    expect(input).toHaveValue('05/03/2024');
    await user.clear(input);
    await user.type(input, '1/4/2024');
    await user.tab();
    expect(values()).toEqual({ opened: '2024-04-01' });
  });

  it('counts a whole date as soon as it is typed, before the box is left', async () => {
    const { values, user } = renderLayout([field('DateField', 'opened', { label: 'Opened' })], { values: { opened: null } });
    const input = screen.getByRole('textbox', { name: 'Opened' });
    await user.type(input, '02/11/202');
    expect(values()).toEqual({ opened: null });
    await user.type(input, '6');
    expect(values()).toEqual({ opened: '2026-11-02' });
    expect(input).toHaveFocus();
  });

  it('follows another format, such as DD MMM YYYY', async () => {
    dateFormatStore.set('DD MMM YYYY');
    const { values, user } = renderLayout([field('DateField', 'opened', { label: 'Opened' })], { values: { opened: '2024-03-05' } });
    const input = screen.getByRole('textbox', { name: 'Opened' });
    expect(input).toHaveValue('05 Mar 2024');
    await user.clear(input);
    await user.type(input, '14 Mar 1958');
    await user.tab();
    expect(values()).toEqual({ opened: '1958-03-14' });
  });

  it('says how to write a date when the text is not one, and keeps the date it had', async () => {
    const { values, user } = renderLayout([field('DateField', 'opened', { label: 'Opened' })], { values: { opened: '2024-03-05' } });
    const input = screen.getByRole('textbox', { name: 'Opened' });
    await user.clear(input);
    await user.type(input, '31/02/2024');
    await user.tab();
    expect(screen.getByText('Enter a date as DD/MM/YYYY.')).toBeInTheDocument();
    expect(values()).toEqual({ opened: '2024-03-05' });
  });

  it('is shown as text in the same format when read-only', () => {
    renderLayout([field('DateField', 'opened', { label: 'Opened', readonly: true })], { values: { opened: '2024-03-05' } });
    expect(screen.getByRole('textbox', { name: 'Opened' })).toHaveValue('05/03/2024');
  });
});

describe('a date and time field', () => {
  it('shows a stored UTC time as the person’s local date and time', () => {
    const stored = '2024-03-05T14:30:00.000Z';
    renderLayout([field('DateTimeField', 'seen', { label: 'Seen' })], { values: { seen: stored } });
    const local = new Date(stored);
    expect(screen.getByRole('textbox', { name: 'Seen' })).toHaveValue(formatDate(`${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`));
    expect(screen.getByRole('textbox', { name: 'Seen: time' })).toHaveValue(formatTime(local, false));
  });

  it('stores a local date and time typed in as the UTC time it is', async () => {
    const { values, user } = renderLayout([field('DateTimeField', 'seen', { label: 'Seen' })], { values: { seen: new Date(2024, 6, 1, 0, 0).toISOString() } });
    const time = screen.getByRole('textbox', { name: 'Seen: time' });
    await user.clear(time);
    await user.type(time, '9:15 pm');
    await user.tab();
    expect(values()).toEqual({ seen: new Date(2024, 6, 1, 21, 15).toISOString() });
  });

  it('says how to write a time that is not one, and keeps the time it had', async () => {
    const stored = new Date(2024, 6, 1, 8, 0).toISOString();
    const { values, user } = renderLayout([field('DateTimeField', 'seen', { label: 'Seen' })], { values: { seen: stored } });
    const time = screen.getByRole('textbox', { name: 'Seen: time' });
    await user.clear(time);
    await user.type(time, '25:99');
    await user.tab();
    expect(screen.getByText('Enter a time as hh:mm AM or PM.')).toBeInTheDocument();
    expect(values()).toEqual({ seen: stored });
  });
});

describe('a yes/no field', () => {
  it('offers Yes and No, with neither chosen at first', () => {
    renderLayout([field('YesNoField', 'urgent', { label: 'Urgent' })]);
    const group = screen.getByRole('radiogroup', { name: 'Urgent' });
    expect(within(group).getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'No' })).not.toBeChecked();
  });

  it('keeps Yes as true and No as false', async () => {
    const { user, values } = renderLayout([field('YesNoField', 'urgent', { label: 'Urgent' })]);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(values()).toEqual({ urgent: true });
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(values()).toEqual({ urgent: false });
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
  });

  it('shows a stored answer', () => {
    renderLayout([field('YesNoField', 'urgent', { label: 'Urgent' })], { values: { urgent: false } });
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
  });

  it('cannot be answered when read-only', () => {
    renderLayout([field('YesNoField', 'urgent', { label: 'Urgent', readonly: true })], { values: { urgent: true } });
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'No' })).toBeDisabled();
  });
});

describe('a choice field', () => {
  it('offers its options by their text, and keeps the value of the one chosen', async () => {
    const { user, values } = renderLayout([field('ChoiceField', 'category', { label: 'Category', options })]);
    const dropdown = screen.getByRole('combobox', { name: 'Category' });
    expect(dropdown).toHaveTextContent('Choose…');
    await user.click(dropdown);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['(none)', 'Noise', 'Waste', 'Pests']);
    await user.click(screen.getByRole('option', { name: 'Waste' }));
    expect(values()).toEqual({ category: 'waste' });
    expect(dropdown).toHaveTextContent('Waste');
  });

  it('can be emptied by choosing “(none)” when not mandatory', async () => {
    const { user, values } = renderLayout([field('ChoiceField', 'category', { label: 'Category', options })], {
      values: { category: 'noise' },
    });
    const dropdown = screen.getByRole('combobox', { name: 'Category' });
    expect(dropdown).toHaveTextContent('Noise');
    await user.click(dropdown);
    await user.click(screen.getByRole('option', { name: '(none)' }));
    expect(values()).toEqual({ category: null });
    expect(dropdown).toHaveTextContent('Choose…');
  });

  it('offers no “(none)” when mandatory', async () => {
    const { user } = renderLayout([field('ChoiceField', 'category', { label: 'Category', options, mandatory: true })]);
    await user.click(screen.getByRole('combobox', { name: /Category/ }));
    expect(screen.queryByRole('option', { name: '(none)' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('cannot be changed when read-only', () => {
    renderLayout([field('ChoiceField', 'category', { label: 'Category', options, readonly: true })], { values: { category: 'pests' } });
    const dropdown = screen.getByRole('combobox', { name: 'Category' });
    expect(dropdown).toHaveTextContent('Pests');
    expect(dropdown).toBeDisabled();
  });
});

describe('a multi-choice field', () => {
  it('offers a box for each option, in a group named by its label', () => {
    renderLayout([field('MultiChoiceField', 'kinds', { label: 'Kinds', options })]);
    const group = screen.getByRole('group', { name: 'Kinds' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(group).getByRole('checkbox', { name: 'Pests' })).not.toBeChecked();
  });

  it('keeps the values chosen in the order of the options, whatever order they were ticked in', async () => {
    const { user, values } = renderLayout([field('MultiChoiceField', 'kinds', { label: 'Kinds', options })]);
    await user.click(screen.getByRole('checkbox', { name: 'Pests' }));
    await user.click(screen.getByRole('checkbox', { name: 'Noise' }));
    expect(values()).toEqual({ kinds: ['noise', 'pests'] });
  });

  it('ticks the option whose text is clicked, and no other', async () => {
    const { user, values } = renderLayout([field('MultiChoiceField', 'kinds', { label: 'Kinds', options })]);
    await user.click(screen.getByText('Waste'));
    expect(values()).toEqual({ kinds: ['waste'] });
    expect(screen.getByRole('checkbox', { name: 'Waste' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Noise' })).not.toBeChecked();
  });

  it('gives each box an id of its own', () => {
    renderLayout([field('MultiChoiceField', 'kinds', { label: 'Kinds', options })]);
    const ids = screen.getAllByRole('checkbox').map((box) => box.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('keeps nothing chosen as null', async () => {
    const { user, values } = renderLayout([field('MultiChoiceField', 'kinds', { label: 'Kinds', options })], { values: { kinds: ['waste'] } });
    expect(screen.getByRole('checkbox', { name: 'Waste' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Waste' }));
    expect(values()).toEqual({ kinds: null });
  });

  it('cannot be changed when read-only', () => {
    renderLayout([field('MultiChoiceField', 'kinds', { label: 'Kinds', options, readonly: true })], { values: { kinds: ['noise'] } });
    expect(screen.getByRole('checkbox', { name: 'Noise' })).toBeChecked();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
  });
});

const notes = field('RichTextField', 'notes', { label: 'Notes' });

describe('a rich text field', () => {
  it('shows the stored text with its formatting, in an editable area named by its label', () => {
    renderLayout([notes], { values: { notes: '<p>Seen <b>twice</b></p>' } });
    const editor = screen.getByRole('textbox', { name: 'Notes' });
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(editor.innerHTML).toBe('<p>Seen <b>twice</b></p>');
  });

  it('never shows what the server would not keep', () => {
    renderLayout([notes], { values: { notes: '<p onclick="alert(1)">Hi<script>alert(2)</script></p>' } });
    expect(screen.getByRole('textbox', { name: 'Notes' }).innerHTML).toBe('<p>Hi</p>');
  });

  it('keeps what is typed, cleaned as the server keeps it', async () => {
    const { user, values } = renderLayout([notes]);
    const editor = screen.getByRole('textbox', { name: 'Notes' });
    await user.click(editor);
    await user.keyboard('Loud');
    expect(values()).toEqual({ notes: 'Loud' });

    editor.innerHTML = '<p style="color:red">Loud <span>music</span></p>';
    fireEvent.input(editor);
    expect(values()).toEqual({ notes: '<p>Loud music</p>' });
  });

  it('offers bold, italic, underline and lists, each applied to the text and kept', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const { user, onChange } = renderLayout([notes], { values: { notes: '<p>Loud</p>' } });
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting for Notes' });
    expect(toolbar).toBeInTheDocument();
    for (const [label, command] of [
      ['Bold', 'bold'],
      ['Italic', 'italic'],
      ['Underline', 'underline'],
      ['Bulleted list', 'insertUnorderedList'],
      ['Numbered list', 'insertOrderedList'],
    ]) {
      await user.click(screen.getByRole('button', { name: label }));
      expect(execCommand).toHaveBeenLastCalledWith(command);
      expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveFocus();
    }
    expect(onChange).toHaveBeenLastCalledWith('notes', '<p>Loud</p>');
  });

  it('is not rewritten under the cursor by what it has just reported', () => {
    renderLayout([notes]);
    const editor = screen.getByRole('textbox', { name: 'Notes' });
    editor.innerHTML = '<p style="color:red">Loud</p>';
    const paragraph = editor.firstChild;
    fireEvent.input(editor);
    expect(editor.firstChild).toBe(paragraph);
  });

  it('shows a new value given by the form, as when the form is loaded again', () => {
    const onChange = vi.fn();
    const { rerender } = render(<RichTextControl component={notes} value="<p>Old</p>" readOnly={false} onChange={onChange} />);
    expect(screen.getByRole('textbox', { name: 'Notes' }).innerHTML).toBe('<p>Old</p>');
    rerender(<RichTextControl component={notes} value="<p>New</p>" readOnly={false} onChange={onChange} />);
    expect(screen.getByRole('textbox', { name: 'Notes' }).innerHTML).toBe('<p>New</p>');
    rerender(<RichTextControl component={notes} value={null} readOnly={false} onChange={onChange} />);
    expect(screen.getByRole('textbox', { name: 'Notes' }).innerHTML).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('when read-only, shows the text as it will print, with no toolbar, reachable by keyboard', () => {
    renderLayout([{ ...notes, readonly: true }], { values: { notes: '<p>Seen <i>twice</i><script>x</script></p>' } });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    const text = screen.getByRole('document', { name: 'Notes' });
    expect(text.innerHTML).toBe('<p>Seen <i>twice</i></p>');
    expect(text).toHaveAttribute('tabindex', '0');
  });
});

const location = field('Addresses', 'location', { label: 'Location' });
const stored = { line1: '1 High Street', town: 'Harbridge', postcode: 'HB1 2AA' };

describe('an address field', () => {
  it('has a box for each line of an address, each up to 100 characters', () => {
    renderLayout([location], { values: { location: stored } });
    const lines = ['Address line 1', 'Address line 2', 'Town or city', 'County', 'Postcode', 'Country'];
    for (const line of lines) expect(screen.getByRole('textbox', { name: line })).toHaveAttribute('maxlength', '100');
    expect(screen.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('1 High Street');
    expect(screen.getByRole('textbox', { name: 'County' })).toHaveValue('');
  });

  it('says what is wrong by its own name, before its lines, and names the group with it', () => {
    renderLayout([{ ...location, mandatory: true }], { errors: { location: 'Required' } });
    const group = screen.getByRole('group', { name: 'Location' });
    const message = within(group).getByText('Required');
    const firstLine = within(group).getByRole('textbox', { name: 'Address line 1' });
    // The message comes right after the address's label, not under its last line (Country).
    expect(message.compareDocumentPosition(firstLine) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(group).toHaveAccessibleDescription('Required');
  });

  it('keeps the lines filled in, and no others', async () => {
    const { user, values } = renderLayout([location]);
    await user.type(screen.getByRole('textbox', { name: 'Address line 1' }), 'Mill');
    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), 'HB2');
    expect(values()).toEqual({ location: { line1: 'Mill', postcode: 'HB2' } });
  });

  it('keeps an address with every line emptied as null', async () => {
    const { user, values } = renderLayout([location], { values: { location: { town: 'Harbridge' } } });
    await user.clear(screen.getByRole('textbox', { name: 'Town or city' }));
    expect(values()).toEqual({ location: null });
  });

  it('is the same address again when a line is changed and changed back', async () => {
    const { user, values } = renderLayout([location], { values: { location: stored } });
    const line1 = screen.getByRole('textbox', { name: 'Address line 1' });
    await user.type(line1, 'x');
    await user.type(line1, '{Backspace}');
    expect(sameValues(values(), { location: stored })).toBe(true);
  });

  it('offers to show a filled-in address on a map', async () => {
    const onPreviewAddress = vi.fn();
    const { user } = renderLayout([location], { values: { location: stored }, onPreviewAddress });
    await user.click(screen.getByRole('button', { name: 'Show on map' }));
    expect(onPreviewAddress).toHaveBeenCalledWith('Location', stored);
  });

  it('offers no map for an empty address, nor where there is no map to show', () => {
    renderLayout([location], { onPreviewAddress: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Show on map' })).not.toBeInTheDocument();
    renderLayout([location], { values: { location: stored } });
    expect(screen.queryByRole('button', { name: 'Show on map' })).not.toBeInTheDocument();
  });

  it('when read-only, shows the lines but takes no change, and still offers the map', async () => {
    const { user, onChange } = renderLayout([{ ...location, readonly: true }], { values: { location: stored }, onPreviewAddress: vi.fn() });
    const line1 = screen.getByRole('textbox', { name: 'Address line 1' });
    expect(line1).toHaveAttribute('readonly');
    await user.type(line1, 'x');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Show on map' })).toBeInTheDocument();
  });
});

describe('the text of an address', () => {
  it('joins the lines filled in, in the order of an address', () => {
    expect(addressText({ postcode: 'HB1 2AA', line1: '1 High Street', country: 'UK', town: 'Harbridge' })).toBe(
      '1 High Street, Harbridge, HB1 2AA, UK',
    );
    expect(addressText({})).toBe('');
  });
});

const complainant = field('PersonRoleField', 'complainant', { label: 'Complainant', role: 'COMPLAINANT' });
const parent = field('CaseRoleField', 'parent', { label: 'Parent case', role: 'PARENT' });

describe('a person or case linked in a role', () => {
  it('is shown by name, as a link that opens the record in a new tab', () => {
    renderLayout([complainant, parent], {
      values: {
        complainant: { id: 12, display: 'Jane Smith', kind: 'person', identifier: '12' },
        parent: { id: 'C-2024-0007', display: 'Barking dog', kind: 'case', identifier: 'C-2024-0007' },
      },
    });
    const person = screen.getByRole('link', { name: /Jane Smith/ });
    expect(person).toHaveAttribute('href', `${basePath}/person/12`);
    expect(person).toHaveAttribute('target', '_blank');
    expect(person).toHaveAccessibleName(/^Jane Smith ?\(opens in a new tab\)$/);
    expect(screen.getByRole('link', { name: /Barking dog/ })).toHaveAttribute('href', `${basePath}/case/c-2024-0007`);
  });

  it('can be previewed in the information bar', async () => {
    const onPreviewLink = vi.fn();
    const { user } = renderLayout([parent], {
      values: { parent: { id: 'C-2024-0007', display: 'Barking dog', identifier: 'C-2024-0007' } },
      onPreviewLink,
    });
    await user.click(screen.getByRole('button', { name: 'Preview Barking dog' }));
    expect(onPreviewLink).toHaveBeenCalledWith('case', 'C-2024-0007');
  });

  it('can be removed, leaving the field empty', async () => {
    const { user, values } = renderLayout([complainant], { values: { complainant: { id: 12, display: 'Jane Smith' } } });
    await user.click(screen.getByRole('button', { name: 'Remove Jane Smith from Complainant' }));
    expect(values()).toEqual({ complainant: null });
    expect(screen.getByText('None chosen')).toBeInTheDocument();
  });

  it('says so when the person may not see it, without its number, link, preview or way in', () => {
    renderLayout([complainant], {
      values: { complainant: { display: 'Not available', kind: 'person', unavailable: true } },
      onPreviewLink: vi.fn(),
    });
    expect(screen.getByText('A person you cannot see')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Preview/ })).not.toBeInTheDocument();
  });

  it('is shown by its number when only its number is known', () => {
    renderLayout([parent], { values: { parent: { id: 'C-2024-0009' } }, onPreviewLink: vi.fn() });
    expect(screen.getByText('Case C-2024-0009')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Preview/ })).not.toBeInTheDocument();
  });

  it('when read-only, cannot be removed', () => {
    renderLayout([{ ...complainant, readonly: true }], { values: { complainant: { id: 12, display: 'Jane Smith' } } });
    expect(screen.getByRole('link', { name: /Jane Smith/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});

describe('an empty role field', () => {
  it('is chosen in the entity lookup under the form, which remembers the field to fill', async () => {
    const openChild = vi.fn();
    const { user } = renderLayout([{ ...complainant, lookupEntityType: 'any_person' }], { openChild, address: '/case/cmp-1' });
    expect(screen.getByText('None chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose Complainant' }));
    expect(openChild).toHaveBeenCalledWith('/case/cmp-1/lookup/complainant/any_person', {
      purpose: 'field',
      field: 'complainant',
      roleName: 'Complainant',
      returnTo: '/case/cmp-1',
    });
  });

  it('looks up one type when the role is held by one type alone', async () => {
    const openChild = vi.fn();
    const { user } = renderLayout([{ ...parent, lookupEntityType: 'COMP' }], { openChild, address: '/new/case/inv' });
    await user.click(screen.getByRole('button', { name: 'Choose Parent case' }));
    expect(openChild.mock.calls[0]?.[0]).toBe('/new/case/inv/lookup/parent/comp');
  });

  it('offers to change a holder already chosen', async () => {
    const openChild = vi.fn();
    const { user } = renderLayout([complainant], { values: { complainant: { id: 12, display: 'Jane Smith' } }, openChild });
    await user.click(screen.getByRole('button', { name: 'Change Complainant' }));
    expect(openChild).toHaveBeenCalledTimes(1);
  });

  it('when read-only, says “None”', () => {
    renderLayout([{ ...parent, readonly: true }]);
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
  });
});
