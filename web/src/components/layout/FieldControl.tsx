import { Field, Label, Text, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { ErrorCircle12Filled } from '@fluentui/react-icons';

import { AddressControl } from './fields/AddressControl';
import { ChoiceControl, MultiChoiceControl, YesNoControl } from './fields/ChoiceControls';
import { RichTextControl } from './fields/RichTextControl';
import { RoleControl } from './fields/RoleControl';
import { DateControl, DateTimeControl, NumberControl, TextAreaControl, TextControl } from './fields/TextControls';
import { useLayout, type FieldControls } from './LayoutContext';
import { sizing } from './Containers';
import type { Component } from './layoutModel';

const useStyles = makeStyles({
  field: {
    minWidth: 0,
  },
  group: {
    minWidth: 0,
    margin: 0,
    padding: 0,
    border: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  legend: {
    padding: 0,
    marginBottom: tokens.spacingVerticalXXS,
  },
  hint: {
    color: tokens.colorNeutralForeground3,
  },
  // A field that cannot be changed looks so, the same whatever its control: a quiet grey box
  // without a border, its value in ordinary text (never the faint grey of a disabled control, which
  // would be hard to read), and no arrow that offers a choice.
  readOnly: {
    '& .fui-Input, & .fui-Textarea, & .fui-Dropdown, & .fui-Combobox, & .fui-SpinButton': {
      backgroundColor: tokens.colorNeutralBackground3,
      ...shorthands.borderColor(tokens.colorTransparentStroke),
    },
    '& .fui-Input::after, & .fui-Textarea::after, & .fui-Dropdown::after, & .fui-Combobox::after': {
      display: 'none',
    },
    '& .fui-Input__input, & .fui-Textarea__textarea, & .fui-Dropdown__button, & .fui-Combobox__input': {
      color: tokens.colorNeutralForeground1,
      backgroundColor: 'transparent',
      cursor: 'default',
    },
    '& .fui-Dropdown__expandIcon, & .fui-Combobox__expandIcon': { visibility: 'hidden' },
    '& .fui-Radio__label, & .fui-Checkbox__label': { color: tokens.colorNeutralForeground2 },
  },
  error: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteRedForeground1,
  },
});

const builtInControls: FieldControls = {
  TextField: TextControl,
  TextAreaField: TextAreaControl,
  RichTextField: RichTextControl,
  NumberField: NumberControl,
  DateField: DateControl,
  DateTimeField: DateTimeControl,
  YesNoField: YesNoControl,
  ChoiceField: ChoiceControl,
  MultiChoiceField: MultiChoiceControl,
  Addresses: AddressControl,
  PersonRoleField: RoleControl,
  CaseRoleField: RoleControl,
};

// A data field of the layout: its label, control (the layout's user's for its type, else the
// built-in one), tooltip and error, read-only when it, a container above it or the whole form is.
export function FieldControl({ component, readOnly }: { component: Component; readOnly: boolean }) {
  const styles = useStyles();
  const { values, errors, onChange, controls } = useLayout();
  const id = component.referenceCode ?? component.id;
  const Control = controls?.[component.type] ?? builtInControls[component.type] ?? TextControl;
  const error = errors[id] ?? component.errorMessage ?? undefined;
  const locked = readOnly || component.readonly;
  if (component.type === 'Addresses') {
    // An address is a group of fields: its label, then what is wrong with it, then its lines — so
    // that "Required" stands by the address's name, not under its last line.
    const errorId = `${id}-error`;
    return (
      <fieldset
        className={mergeClasses(styles.group, locked && styles.readOnly)}
        style={sizing(component)}
        data-field={id}
        data-readonly={locked || undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <legend className={styles.legend}>
          <Label required={component.mandatory && !locked}>{component.label}</Label>
        </legend>
        {component.tooltip && <Text className={styles.hint}>{component.tooltip}</Text>}
        {error && (
          <Text id={errorId} className={styles.error} role="alert">
            <ErrorCircle12Filled aria-hidden />
            {error}
          </Text>
        )}
        <AddressControl component={component} value={values[id]} readOnly={locked} onChange={(value) => onChange(id, value)} />
      </fieldset>
    );
  }
  return (
    <Field
      className={mergeClasses(styles.field, locked && styles.readOnly)}
      data-readonly={locked || undefined}
      style={sizing(component)}
      label={component.label}
      required={component.mandatory && !locked}
      hint={component.tooltip}
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
      data-field={id}
    >
      <Control component={component} value={values[id]} readOnly={locked} onChange={(value) => onChange(id, value)} />
    </Field>
  );
}
