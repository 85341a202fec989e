import { Button, Caption1, FieldContextProvider, Input, Popover, PopoverSurface, PopoverTrigger, makeStyles, tokens } from '@fluentui/react-components';
import { Calendar } from '@fluentui/react-calendar-compat';
import { CalendarLtrRegular } from '@fluentui/react-icons';
import { useState } from 'react';

import { formatDate, parseDate, useDateFormat } from '../../../lib/format';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'center',
  },
  input: {
    flexGrow: 1,
    minWidth: '8em',
    maxWidth: '16em',
  },
  wrong: {
    flexBasis: '100%',
    color: tokens.colorPaletteRedForeground1,
  },
});

const pad = (number: number) => String(number).padStart(2, '0');

export function isoToDate(iso: string | null): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}

export function dateToIso(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// A date typed in the environment's format (its placeholder shows it: DD/MM/YYYY) or picked from
// a calendar. A whole date counts as soon as it is typed, so that the form's validation follows
// the typing as in other fields (and nothing moves under the pointer when the box is left); on
// leaving the box or Enter, text that is not a date says how to write one and leaves the date as
// it was.
export function DateInput({ iso, label, onDate }: { iso: string | null; label: string; onDate: (iso: string | null) => void }) {
  const styles = useStyles();
  const format = useDateFormat();
  const [text, setText] = useState(iso ? formatDate(iso, format) : '');
  const [wrong, setWrong] = useState(false);
  const [open, setOpen] = useState(false);

  // A date set from elsewhere (a reload, another format) shows in the box; what the person is
  // typing for the same date stays as typed.
  const [shown, setShown] = useState({ iso, format });
  if (shown.iso !== iso || shown.format !== format) {
    setShown({ iso, format });
    setText(parseDate(text, format) === iso ? text : iso ? formatDate(iso, format) : '');
  }

  const commit = () => {
    if (text.trim() === '') {
      setWrong(false);
      onDate(null);
      return;
    }
    const read = parseDate(text, format);
    setWrong(read === null);
    if (read !== null) {
      setText(formatDate(read, format));
      onDate(read);
    }
  };

  return (
    <div className={styles.row}>
      <Input
        className={styles.input}
        value={text}
        placeholder={format}
        aria-invalid={wrong || undefined}
        onChange={(_, data) => {
          setText(data.value);
          const read = parseDate(data.value, format);
          if (read !== null && read !== iso) {
            setWrong(false);
            onDate(read);
          }
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      {/* The calendar's controls are not the field's own control: they take no part in its label. */}
      <FieldContextProvider value={undefined}>
        <Popover open={open} onOpenChange={(_, data) => setOpen(data.open)} trapFocus>
          <PopoverTrigger disableButtonEnhancement>
            <Button appearance="subtle" icon={<CalendarLtrRegular />} aria-label={`${label}: choose from a calendar`} />
          </PopoverTrigger>
          <PopoverSurface>
            <Calendar
              value={isoToDate(iso)}
              showGoToToday
              onSelectDate={(date) => {
                setWrong(false);
                setText(formatDate(dateToIso(date), format));
                onDate(dateToIso(date));
                setOpen(false);
              }}
            />
          </PopoverSurface>
        </Popover>
      </FieldContextProvider>
      {wrong && <Caption1 className={styles.wrong}>Enter a date as {format}.</Caption1>}
    </div>
  );
}
