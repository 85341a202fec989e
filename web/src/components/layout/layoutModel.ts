import jsonLogic from 'json-logic-js';

import type { LayoutComponent } from '../../lib/api/types';
import type { ScreenClass } from '../../lib/screen';

// The dynamic layout of spec 2: containers (HBox, VBox, Section, Fieldset, TabSet) and data fields
// (every other type), with visibility conditions in JSON Logic, evaluated here with json-logic-js
// exactly as the server evaluates them.
export type Component = LayoutComponent;
export type Values = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

export const containerTypes = ['HBox', 'VBox', 'Section', 'Fieldset', 'TabSet'] as const;

export function isContainer(component: Component): boolean {
  return (containerTypes as readonly string[]).includes(component.type);
}

// Components that show something other than a value of the form: a case's documents, the holders
// of a role, the roles the record holds. Their referenceCode (a role's) is not a field.
export const viewTypes = ['Documents', 'Roles', 'RolesHeld', 'AlternateNames', 'Comments', 'CrossReferences', 'CaseActions'] as const;

export function isView(component: Component): boolean {
  return (viewTypes as readonly string[]).includes(component.type);
}

// A component that is not a field of the record carries what it shows as its own value (spec 2
// §3 "value"): a fact of the record such as "Created on" or the person type, or a Text. It is
// read-only, and neither validated nor saved.
export function showsOwnValue(component: Component): boolean {
  return component.type === 'Text' || (component.referenceCode === undefined && component.value !== undefined);
}

// Hidden on this size of screen (spec 2 "Dynamic layout").
export function hiddenOnScreen(component: Component, screen: ScreenClass): boolean {
  return (screen === 'small' && component.hiddenOnSmallDevice) || (screen === 'medium' && component.hiddenOnMediumDevice);
}

export function conditionHolds(component: Component, values: Values): boolean {
  if (component.visibleWhen === undefined || component.visibleWhen === null) return true;
  return jsonLogic.truthy(jsonLogic.apply(component.visibleWhen as jsonLogic.RulesLogic, values));
}

export function isShown(component: Component, values: Values, screen: ScreenClass): boolean {
  return !hiddenOnScreen(component, screen) && conditionHolds(component, values);
}

// Every data field of a layout, in order.
export function dataFields(components: readonly Component[]): Component[] {
  return components.flatMap((component) =>
    isContainer(component) ? dataFields(component.children ?? []) : isView(component) || showsOwnValue(component) ? [] : [component],
  );
}

export interface Placement {
  visible: boolean;
  readOnly: boolean;
  component: Component;
}

// Whether each field is shown (its containers' conditions and its own hold) and read-only (itself
// or a container above it), as the server decides before it validates.
export function placeFields(components: readonly Component[], values: Values, formReadOnly = false): Map<string, Placement> {
  const placements = new Map<string, Placement>();
  const visit = (component: Component, visible: boolean, readOnly: boolean) => {
    const shown = visible && conditionHolds(component, values);
    const locked = readOnly || component.readonly;
    if (isContainer(component)) {
      (component.children ?? []).forEach((child) => visit(child, shown, locked));
    } else if (component.referenceCode && !isView(component)) {
      placements.set(component.referenceCode, { visible: shown, readOnly: locked, component });
    }
  };
  components.forEach((component) => visit(component, true, formReadOnly));
  return placements;
}

export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).every((part) => isEmpty(part));
  return false;
}

function characterCount(text: string): number {
  return [...text].length;
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(value);
}

function isValidDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// The text of rich text, to tell an empty editor from one with words in it.
export function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
}

// Whether a field has no value, as the server counts it: besides an empty value, rich text without
// words and a number field holding only spaces.
function hasNoValue(component: Component, value: unknown): boolean {
  if (typeof value === 'string' && component.type === 'RichTextField') return plainText(value) === '';
  if (typeof value === 'string' && component.type === 'NumberField') return value.trim() === '';
  return isEmpty(value);
}

// The same checks as the server's (server/src/types/field_values.cpp), with the same messages.
export function checkValue(component: Component, value: unknown): string | null {
  if (hasNoValue(component, value)) return null;
  const options = component.options ?? [];
  switch (component.type) {
    case 'TextField':
    case 'TextAreaField':
    case 'RichTextField': {
      if (typeof value !== 'string') return 'Must be text.';
      const limit = component.maxLength ?? 1000;
      return characterCount(value) > limit ? `Must be at most ${limit} characters.` : null;
    }
    case 'NumberField': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(number)) return 'Must be a number.';
      if (component.minimum !== undefined && number < component.minimum) return `Must be at least ${formatNumber(component.minimum)}.`;
      if (component.maximum !== undefined && number > component.maximum) return `Must be at most ${formatNumber(component.maximum)}.`;
      return null;
    }
    case 'DateField':
      return typeof value === 'string' && isValidDate(value) ? null : 'Must be a date (YYYY-MM-DD).';
    case 'DateTimeField':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : 'Must be a date and time in UTC (YYYY-MM-DDTHH:MM:SSZ).';
    case 'YesNoField':
      return typeof value === 'boolean' ? null : 'Must be yes or no.';
    case 'ChoiceField':
      return typeof value === 'string' && options.some((option) => option.valueField === value) ? null : 'Must be one of the listed options.';
    case 'MultiChoiceField':
      return Array.isArray(value) && value.every((item) => options.some((option) => option.valueField === item))
        ? null
        : 'Must be a list of the listed options.';
    case 'Addresses':
      if (typeof value !== 'object' || value === null) return 'Must be an address.';
      return Object.values(value as Record<string, unknown>).some((line) => typeof line === 'string' && characterCount(line) > 100)
        ? 'Each line of an address must be at most 100 characters.'
        : null;
    default:
      return null;
  }
}

// The whole form's errors before it goes to the server: values that are wrong, and mandatory
// fields that are shown, editable and empty ("Required").
export function validateValues(components: readonly Component[], values: Values): FieldErrors {
  const errors: FieldErrors = {};
  for (const [id, placement] of placeFields(components, values)) {
    // A hidden field cannot be put right by the person, so it cannot block the save; the server
    // keeps the value it had when one sent for a hidden field is not valid.
    if (placement.readOnly || !placement.visible) continue;
    const problem = checkValue(placement.component, values[id]);
    if (problem) {
      errors[id] = problem;
    } else if (placement.visible && placement.component.mandatory && hasNoValue(placement.component, values[id])) {
      errors[id] = 'Required';
    }
  }
  return errors;
}

// What is sent to the server: numbers typed as text become numbers, pickers send their id only.
export function valuesForSaving(components: readonly Component[], values: Values): Values {
  const out: Values = {};
  for (const component of dataFields(components)) {
    const id = component.referenceCode;
    if (!id || component.readonly) continue;
    let value = values[id];
    if (component.type === 'NumberField' && typeof value === 'string') {
      value = value.trim() === '' ? null : Number(value);
    }
    if ((component.type === 'PersonRoleField' || component.type === 'CaseRoleField') && value && typeof value === 'object') {
      // A link to a record this person may not see comes without its id; the server keeps it.
      const link = value as { id?: unknown; unavailable?: boolean };
      value = link.unavailable ? { unavailable: true } : { id: link.id };
    }
    out[id] = value === undefined || value === '' ? null : value;
  }
  return out;
}

// A value as JSON with the parts of every object in order of their names, so that an address whose
// lines were typed in another order is the same address.
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, part: unknown) =>
    part && typeof part === 'object' && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : part,
  );
}

// Two sets of values are the same form (the dirty check).
export function sameValues(a: Values, b: Values): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const left = isEmpty(a[key]) ? null : a[key];
    const right = isEmpty(b[key]) ? null : b[key];
    if (canonicalJson(left) !== canonicalJson(right)) return false;
  }
  return true;
}
