import { Caption1, FieldContextProvider, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';

import { formatDate, formatDateTime, formatTime, parseTime, useDateFormat } from '../../../lib/format';
import { DateInput, dateToIso, isoToDate } from './DateInput';

import type { Component } from '../layoutModel';

const useStyles = makeStyles({
  dateTime: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
  },
  time: {
    width: '9em',
  },
  wrong: {
    flexBasis: '100%',
    color: tokens.colorPaletteRedForeground1,
  },
});

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

// A date in the environment's format, typed or picked (DateInput); kept as ISO. Shown read-only
// as text in the same format.
export function DateControl({ component, value, readOnly, onChange }: ControlProps) {
  const format = useDateFormat();
  const iso = typeof value === 'string' && value !== '' ? value : null;
  if (readOnly) return <Input readOnly value={iso ? formatDate(iso, format) : ''} />;
  return <DateInput iso={iso} label={component.label} onDate={onChange} />;
}

// A date-time in the person's own time zone: its date as a date field takes it, and its time as
// "hh:mm AM"; kept as a UTC ISO time. Shown read-only in the same format.
export function DateTimeControl({ component, value, readOnly, onChange }: ControlProps) {
  const styles = useStyles();
  const format = useDateFormat();
  const stored = typeof value === 'string' && value !== '' ? new Date(value) : null;
  const valid = stored && !Number.isNaN(stored.getTime()) ? stored : null;
  const [timeText, setTimeText] = useState(valid ? formatTime(valid, false) : '');
  const [timeWrong, setTimeWrong] = useState(false);
  if (readOnly) return <Input readOnly value={valid ? formatDateTime(valid.toISOString(), format) : ''} />;
  const combine = (day: string | null, time: string) => {
    const parsed = time.trim() === '' ? { hours: 0, minutes: 0 } : parseTime(time);
    setTimeWrong(parsed === null);
    if (!day) return onChange(null);
    const date = isoToDate(day);
    if (!parsed || !date) return;
    onChange(new Date(date.getFullYear(), date.getMonth(), date.getDate(), parsed.hours, parsed.minutes).toISOString());
  };
  return (
    <div className={styles.dateTime}>
      <DateInput iso={valid ? dateToIso(valid) : null} label={component.label} onDate={(day) => combine(day, timeText)} />
      <FieldContextProvider value={undefined}>
        <Input
          className={styles.time}
          aria-label={`${component.label}: time`}
          placeholder="hh:mm AM"
          value={timeText}
          aria-invalid={timeWrong || undefined}
          onChange={(_, data) => setTimeText(data.value)}
          onBlur={() => combine(valid ? dateToIso(valid) : null, timeText)}
        />
      </FieldContextProvider>
      {timeWrong && <Caption1 className={styles.wrong}>Enter a time as hh:mm AM or PM.</Caption1>}
    </div>
  );
}
