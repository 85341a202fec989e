import { Input, Textarea } from '@fluentui/react-components';

import type { Component } from '../layoutModel';

export interface ControlProps {
  component: Component;
  value: unknown;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

export function TextControl({ component, value, readOnly, onChange }: ControlProps) {
  return (
    <Input
      value={text(value)}
      maxLength={component.maxLength}
      readOnly={readOnly}
      onChange={(_, data) => onChange(data.value)}
    />
  );
}

export function TextAreaControl({ component, value, readOnly, onChange }: ControlProps) {
  return (
    <Textarea
      value={text(value)}
      maxLength={component.maxLength}
      readOnly={readOnly}
      resize="vertical"
      rows={4}
      onChange={(_, data) => onChange(data.value)}
    />
  );
}

// Numbers are kept as typed until they are valid, so that "1." can become "1.5".
export function NumberControl({ value, readOnly, onChange }: ControlProps) {
  return (
    <Input
      inputMode="decimal"
      value={text(value)}
      readOnly={readOnly}
      onChange={(_, data) => {
        const trimmed = data.value.trim();
        const number = Number(trimmed);
        onChange(trimmed !== '' && Number.isFinite(number) && String(number) === trimmed ? number : data.value);
      }}
    />
  );
}

export function DateControl({ value, readOnly, onChange }: ControlProps) {
  return (
    <Input
      type="date"
      value={text(value)}
      readOnly={readOnly}
      onChange={(_, data) => onChange(data.value === '' ? null : data.value)}
    />
  );
}

const pad = (number: number) => String(number).padStart(2, '0');

// A stored UTC time as the person's local "YYYY-MM-DDTHH:MM", and back.
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(local: string): string | null {
  if (local === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function DateTimeControl({ value, readOnly, onChange }: ControlProps) {
  return (
    <Input
      type="datetime-local"
      value={toLocalInput(value)}
      readOnly={readOnly}
      onChange={(_, data) => onChange(fromLocalInput(data.value))}
    />
  );
}
