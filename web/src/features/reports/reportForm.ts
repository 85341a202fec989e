import { dataFields, isContainer, validateValues, type Component, type FieldErrors, type Values } from '../../components/layout/layoutModel';
import type { ReportData, ReportFilterValue } from './api';

// Spec 2 §5: a multi-select filter's texts are joined with |||, and its keys with a comma.
export const multiTextSeparator = '|||';
export const multiKeySeparator = ',';

// The one output-format choice of every report (ReportData.outputFormatComponents).
export const outputFormatId = 'outputFormat';
export const chooseFormatMessage = 'Choose an output format.';

export type ReportAction = 'export' | 'view';

// A report's panel as a form: its filters and output components, keyed by their ids, with the
// values they start from and what the server found wrong with them.
export interface ReportForm {
  filters: Component[];
  outputs: Component[];
  values: Values;
  serverErrors: FieldErrors;
}

// A people-in-roles filter (PersonRoleField, spec 2 §5 as a multi-select) holds the persons chosen,
// each by id and name: the name is what is sent as the value, and the server tells the names of the
// last choice only (the filter's options), so they are kept with the ids.
export interface ChosenPerson {
  valueField: string;
  textField: string;
}

// The persons a people-in-roles filter's value holds; none for anything else.
export function chosenPersons(value: unknown): ChosenPerson[] {
  const pieces: unknown[] = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return pieces.filter(
    (piece): piece is ChosenPerson =>
      typeof piece === 'object' && piece !== null && typeof (piece as ChosenPerson).valueField === 'string' && typeof (piece as ChosenPerson).textField === 'string',
  );
}

// The last choice of a people-in-roles filter (ids: an array when it takes several, else one),
// with the names its options tell. An id without one is a person the user may no longer see, left
// out as a multi-select's option no longer offered is; a filter of one person keeps the first.
function lastPersons(component: Component, value: unknown): ChosenPerson[] | null {
  const ids = (Array.isArray(value) ? value : String(value).split(multiKeySeparator)).map((piece) => String(piece).trim());
  const persons: ChosenPerson[] = [];
  for (const id of ids) {
    const option = component.options?.find((each) => each.valueField === id);
    if (option && !persons.some((person) => person.valueField === id)) persons.push({ valueField: id, textField: option.textField });
  }
  const kept = component.multiple ? persons : persons.slice(0, 1);
  return kept.length > 0 ? kept : null;
}

function optionFor(component: Component, piece: string): string | undefined {
  const options = component.options ?? [];
  return (options.find((option) => option.valueField === piece) ?? options.find((option) => option.textField === piece))?.valueField;
}

// The person's last choice (the component's value) as the control holds it: a choice by its key,
// several by theirs, whether the server kept them as keys or as the texts that were sent; persons
// by id and name.
export function initialValue(component: Component): unknown {
  const value: unknown = component.value;
  if (value === undefined || value === null || value === '') return null;
  switch (component.type) {
    case 'MultiChoiceField': {
      const pieces = Array.isArray(value)
        ? value.map(String)
        : String(value).split(String(value).includes(multiTextSeparator) ? multiTextSeparator : multiKeySeparator);
      const keys = pieces.map((piece) => optionFor(component, piece.trim())).filter((key): key is string => key !== undefined);
      return keys.length > 0 ? keys : null;
    }
    case 'ChoiceField':
      return optionFor(component, String(value)) ?? null;
    case 'PersonRoleField':
      return lastPersons(component, value);
    case 'YesNoField':
      return value === true || value === 'true' ? true : value === false || value === 'false' ? false : null;
    default:
      return value;
  }
}

// A report's components are read by their ids (a filter's id is what is sent back), so each data
// field is its own reference; the value and error they arrive with start the form's state, and
// leave the component so that the layout draws them as the person's to change.
function asFields(components: readonly Component[], values: Values, errors: FieldErrors): Component[] {
  return components.map((component) => {
    if (isContainer(component)) return { ...component, children: asFields(component.children ?? [], values, errors) };
    const value = initialValue(component);
    if (value !== null) values[component.id] = value;
    if (component.errorMessage) errors[component.id] = component.errorMessage;
    const { value: _value, errorMessage: _error, ...rest } = component;
    return { ...rest, referenceCode: component.id };
  });
}

export function reportForm(report: ReportData): ReportForm {
  const values: Values = {};
  const serverErrors: FieldErrors = {};
  const filters = asFields(report.components, values, serverErrors);
  // Viewing needs no format, so the choice is never "Required" by itself; Export asks for one.
  const outputs = asFields(report.outputFormatComponents, values, serverErrors).map((component) =>
    component.id === outputFormatId ? { ...component, mandatory: false } : component,
  );
  return { filters, outputs, values, serverErrors };
}

function optionText(component: Component, key: string): string {
  return component.options?.find((option) => option.valueField === key)?.textField ?? key;
}

// What one filter's value is sent as: the text a person reads and the key the report filters on.
function sentValue(component: Component, value: unknown): { value: string | null; valueKey: string | null } {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return { value: null, valueKey: null };
  }
  switch (component.type) {
    case 'MultiChoiceField': {
      const keys = (Array.isArray(value) ? value : [value]).map(String);
      return { value: keys.map((key) => optionText(component, key)).join(multiTextSeparator), valueKey: keys.join(multiKeySeparator) };
    }
    case 'ChoiceField':
      return { value: optionText(component, String(value)), valueKey: String(value) };
    case 'PersonRoleField': {
      const persons = chosenPersons(value);
      if (persons.length === 0) return { value: null, valueKey: null };
      return {
        value: persons.map((person) => person.textField).join(multiTextSeparator),
        valueKey: persons.map((person) => person.valueField).join(multiKeySeparator),
      };
    }
    case 'YesNoField':
      return { value: value === true ? 'Yes' : 'No', valueKey: String(value === true) };
    default:
      return { value: String(value), valueKey: String(value) };
  }
}

// The filters as the report calls take them (spec 2 §3): each with id, label, type, value and
// valueKey, in the order of the panel.
export function filterValues(filters: readonly Component[], values: Values): ReportFilterValue[] {
  return dataFields(filters).map((component) => ({
    id: component.id,
    label: component.label,
    type: component.type,
    ...sentValue(component, values[component.id]),
  }));
}

// A date range's two ends (<id>.from and <id>.to): the end may not come before the start.
function rangeErrors(filters: readonly Component[], values: Values): FieldErrors {
  const errors: FieldErrors = {};
  for (const component of dataFields(filters)) {
    if (component.type !== 'DateField' || !component.id.endsWith('.to')) continue;
    const from = values[`${component.id.slice(0, -'.to'.length)}.from`];
    const to = values[component.id];
    if (typeof from === 'string' && typeof to === 'string' && from !== '' && to !== '' && to < from) {
      errors[component.id] = 'Must not be before the start of the range.';
    }
  }
  return errors;
}

// What is wrong with the panel for an action (spec 2 §5): the server's messages still standing, each
// filter's and output's own checks, and, for Export, a missing output format.
export function formErrors(form: Pick<ReportForm, 'filters' | 'outputs'>, values: Values, serverErrors: FieldErrors, action: ReportAction): FieldErrors {
  const errors: FieldErrors = {
    ...serverErrors,
    ...validateValues(form.filters, values),
    ...rangeErrors(form.filters, values),
    ...validateValues(form.outputs, values),
  };
  const format = values[outputFormatId];
  if (action === 'export' && (typeof format !== 'string' || format === '') && !errors[outputFormatId]) {
    errors[outputFormatId] = chooseFormatMessage;
  }
  return errors;
}

// The first field with an error, in the panel's order (filters, then output).
export function firstInvalid(form: Pick<ReportForm, 'filters' | 'outputs'>, errors: FieldErrors): string | null {
  return [...dataFields(form.filters), ...dataFields(form.outputs)].map((component) => component.id).find((id) => errors[id]) ?? null;
}
