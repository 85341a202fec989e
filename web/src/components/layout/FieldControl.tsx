import { Field, makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

import { AddressControl } from './fields/AddressControl';
import { ChoiceControl, MultiChoiceControl, YesNoControl } from './fields/ChoiceControls';
import { RichTextControl } from './fields/RichTextControl';
import { RoleControl } from './fields/RoleControl';
import { DateControl, DateTimeControl, NumberControl, TextAreaControl, TextControl, type ControlProps } from './fields/TextControls';
import { useLayout } from './LayoutContext';
import { sizing } from './Containers';
import type { Component } from './layoutModel';

const useStyles = makeStyles({
  field: {
    minWidth: 0,
  },
});

const controls: Record<string, (props: ControlProps) => ReactNode> = {
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

// A data field of the layout: its label, control, tooltip and error, read-only when it, a container
// above it or the whole form is.
export function FieldControl({ component, readOnly }: { component: Component; readOnly: boolean }) {
  const styles = useStyles();
  const { values, errors, onChange } = useLayout();
  const id = component.referenceCode ?? component.id;
  const Control = controls[component.type] ?? TextControl;
  const error = errors[id] ?? component.errorMessage ?? undefined;
  const locked = readOnly || component.readonly;
  return (
    <Field
      className={styles.field}
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
