import { Body1, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';

import { formatDate, formatDateTime, useDateFormat } from '../../lib/format';
import { sizing } from './Containers';
import type { Component } from './layoutModel';

const useStyles = makeStyles({
  field: {
    minWidth: 0,
  },
  text: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    margin: 0,
  },
  heading: {
    fontWeight: tokens.fontWeightSemibold,
  },
  body: {
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'pre-line',
  },
});

// What a component that carries its own value shows, as its type shows a stored value: a choice
// by its option's text, a date-time in the person's zone and format; nothing while unknown.
export function valueText(component: Component, value: unknown, format: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  if (component.type === 'ChoiceField') return component.options?.find((option) => option.valueField === value)?.textField ?? value;
  if (component.type === 'DateTimeField') return value === '' ? '' : formatDateTime(value, format);
  if (component.type === 'DateField') return formatDate(value, format);
  return value;
}

// A fact of the record (spec 2 §3 "value"): "Created on", "Person type"… shown read-only like a
// read-only field, with its label, so that it reads and tabs as the fields around it do.
export function FactField({ component }: { component: Component }) {
  const styles = useStyles();
  const format = useDateFormat();
  return (
    <Field className={styles.field} style={sizing(component)} label={component.label} hint={component.tooltip} data-fact={component.fact ?? component.id}>
      <Input readOnly value={valueText(component, component.value, format)} />
    </Field>
  );
}

// A Text of the layout: a few words for the person filling the form in, under an optional heading.
export function TextBlock({ component }: { component: Component }) {
  const styles = useStyles();
  const text = typeof component.value === 'string' ? component.value : '';
  return (
    <div className={styles.text} style={sizing(component)} data-component={component.id} data-type="Text">
      {component.label && <Text className={styles.heading}>{component.label}</Text>}
      <Body1 as="p" className={styles.body}>
        {text}
      </Body1>
    </div>
  );
}
