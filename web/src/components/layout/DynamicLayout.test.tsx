import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { screenSizes } from '../../lib/screen';
import { container, field, renderLayout, resizeWindow } from '../../test/layout';

const options = [
  { textField: 'Noise', valueField: 'noise' },
  { textField: 'Waste', valueField: 'waste' },
];

describe('a dynamic layout', () => {
  it('shows its components in order, containers with their content', () => {
    renderLayout([
      field('TextField', 'title', { label: 'Title' }),
      container('VBox', 'column', [field('TextAreaField', 'summary', { label: 'Summary' })]),
      field('DateField', 'opened', { label: 'Opened' }),
    ]);
    const labels = [...document.querySelectorAll('[data-field]')].map((each) => each.getAttribute('data-field'));
    expect(labels).toEqual(['title', 'summary', 'opened']);
    expect(within(document.querySelector('[data-component="column"]') as HTMLElement).getByLabelText('Summary')).toBeInTheDocument();
  });

  it('shows a component of a type it does not know as a text field', () => {
    renderLayout([field('PostcodeField', 'postcode', { label: 'Postcode' })], { values: { postcode: 'HB1 2AA' } });
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveValue('HB1 2AA');
  });

  it('shows the form’s values in its fields, and keeps what is typed', async () => {
    const { user, values, onChange } = renderLayout([field('TextField', 'title', { label: 'Title' })], { values: { title: 'Barking' } });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' dog');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Barking dog');
    expect(onChange).toHaveBeenLastCalledWith('title', 'Barking dog');
    expect(values()).toEqual({ title: 'Barking dog' });
  });
});

describe('visibility conditions', () => {
  const layout = [
    field('ChoiceField', 'category', { label: 'Category', options }),
    field('TextField', 'decibels', { label: 'Decibels', visibleWhen: { '==': [{ var: 'category' }, 'noise'] } }),
    container('Fieldset', 'collection', [field('DateField', 'collected', { label: 'Collected' })], {
      label: 'Collection',
      visibleWhen: { '==': [{ var: 'category' }, 'waste'] },
    }),
  ];

  it('show a component only while its condition holds for the form’s values', () => {
    renderLayout(layout, { values: { category: 'noise' } });
    expect(screen.getByRole('textbox', { name: 'Decibels' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Collection' })).not.toBeInTheDocument();
  });

  it('are evaluated again as the person fills in the form', async () => {
    const { user } = renderLayout([
      field('YesNoField', 'collected', { label: 'Collected' }),
      field('TextField', 'reason', { label: 'Why not', visibleWhen: { '==': [{ var: 'collected' }, false] } }),
      container('Fieldset', 'collection', [field('DateField', 'on', { label: 'On' })], { label: 'Collection', visibleWhen: { var: 'collected' } }),
    ]);
    expect(screen.queryByRole('textbox', { name: 'Why not' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Collection' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByRole('textbox', { name: 'Why not' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Collection' })).getByLabelText('On')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.getByRole('textbox', { name: 'Why not' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Collection' })).not.toBeInTheDocument();
  });

  it('keep the value of a field while it is hidden, and show it again', async () => {
    const { user, values } = renderLayout([
      field('YesNoField', 'witnessed', { label: 'Witnessed' }),
      field('TextField', 'witness', { label: 'Witness', visibleWhen: { var: 'witnessed' } }),
    ]);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: 'Witness' }), 'Ann');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: 'Witness' })).not.toBeInTheDocument();
    expect(values()).toEqual({ witnessed: false, witness: 'Ann' });
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByRole('textbox', { name: 'Witness' })).toHaveValue('Ann');
  });

  it('can read a part of an address or the id of a linked person', () => {
    renderLayout(
      [
        field('TextField', 'ward', { label: 'Ward', visibleWhen: { '==': [{ var: 'location.town' }, 'Harbridge'] } }),
        field('TextField', 'relation', { label: 'Relation', visibleWhen: { '!!': { var: 'complainant.id' } } }),
      ],
      { values: { location: { line1: '1 High Street', town: 'Harbridge' }, complainant: { id: 12, display: 'Jane Smith' } } },
    );
    expect(screen.getByRole('textbox', { name: 'Ward' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Relation' })).toBeInTheDocument();
  });
});

describe('components hidden on small or medium devices', () => {
  const layout = [
    field('TextField', 'title', { label: 'Title' }),
    field('TextField', 'smallOff', { label: 'Not on small screens', hiddenOnSmallDevice: true }),
    container('VBox', 'mediumOff', [field('TextField', 'inner', { label: 'Not on medium screens' })], { hiddenOnMediumDevice: true }),
  ];
  const shown = (name: string) => screen.queryByRole('textbox', { name }) !== null;

  it('are all shown on a large screen', () => {
    resizeWindow(1280);
    renderLayout(layout);
    expect(shown('Title')).toBe(true);
    expect(shown('Not on small screens')).toBe(true);
    expect(shown('Not on medium screens')).toBe(true);
  });

  it('are hidden on a small screen when flagged for small devices', () => {
    resizeWindow(400);
    renderLayout(layout);
    expect(shown('Title')).toBe(true);
    expect(shown('Not on small screens')).toBe(false);
    expect(shown('Not on medium screens')).toBe(true);
  });

  it('are hidden, with all they hold, on a medium screen when flagged for medium devices', () => {
    resizeWindow(600);
    renderLayout(layout);
    expect(shown('Not on small screens')).toBe(true);
    expect(shown('Not on medium screens')).toBe(false);
    expect(document.querySelector('[data-component="mediumOff"]')).toBeNull();
  });

  it('come and go as the window is resized', () => {
    resizeWindow(1024);
    renderLayout(layout);
    resizeWindow(474);
    expect(shown('Not on small screens')).toBe(false);
    resizeWindow(475);
    expect(shown('Not on small screens')).toBe(true);
    expect(shown('Not on medium screens')).toBe(false);
    resizeWindow(800);
    expect(shown('Not on medium screens')).toBe(true);
  });

  it('follow the screen limits the environment sets', () => {
    resizeWindow(550);
    act(() => screenSizes.set({ small: 600, medium: 1024 }));
    renderLayout(layout);
    expect(shown('Not on small screens')).toBe(false);
  });
});

describe('read-only components', () => {
  it('make every field inside a read-only container read-only, however deep', async () => {
    const { user, onChange } = renderLayout(
      [
        container(
          'Section',
          'closed',
          [
            container('HBox', 'row', [
              field('TextField', 'title', { label: 'Title' }),
              field('YesNoField', 'urgent', { label: 'Urgent' }),
              field('MultiChoiceField', 'kinds', { label: 'Kinds', options }),
            ]),
          ],
          { label: 'Closed details', readonly: true },
        ),
        field('TextField', 'notes', { label: 'Notes' }),
      ],
      { values: { title: 'Barking dog' } },
    );
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAttribute('readonly');
    await user.type(title, 'x');
    expect(title).toHaveValue('Barking dog');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    for (const box of within(screen.getByRole('group', { name: 'Kinds' })).getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Notes' })).not.toHaveAttribute('readonly');
  });

  it('still let a read-only section be closed and opened', async () => {
    const { user } = renderLayout([container('Section', 'closed', [field('TextField', 'title')], { label: 'Closed details', readonly: true })]);
    await user.click(screen.getByRole('button', { name: 'Closed details' }));
    expect(screen.getByRole('button', { name: 'Closed details' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('make the fields of every tab of a read-only tab strip read-only', async () => {
    const { user } = renderLayout([
      container(
        'TabSet',
        'tabs',
        [container('VBox', 'one', [field('TextField', 'first')], { label: 'One' }), container('VBox', 'two', [field('TextField', 'second')], { label: 'Two' })],
        { readonly: true },
      ),
    ]);
    expect(screen.getByRole('textbox', { name: 'first' })).toHaveAttribute('readonly');
    await user.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.getByRole('textbox', { name: 'second' })).toHaveAttribute('readonly');
  });

  it('make every field read-only on a form the person may not change', () => {
    renderLayout(
      [field('TextField', 'title'), container('Fieldset', 'group', [field('NumberField', 'count'), field('DateField', 'opened')], { label: 'Group' })],
      { readOnly: true },
    );
    expect(screen.getByRole('textbox', { name: 'title' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'count' })).toHaveAttribute('readonly');
    expect(screen.getByLabelText('opened')).toHaveAttribute('readonly');
  });
});
