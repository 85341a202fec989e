import {
  Button,
  Caption1,
  Checkbox,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Radio,
  RadioGroup,
  Switch,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CalendarClockRegular } from '@fluentui/react-icons';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';

import { MessageDialog } from '../../components/Dialogs';
import { useDateFormat } from '../../lib/format';
import type { ReportData, ReportFilterValue } from './api';
import { RecipientsControl } from './RecipientsControl';
import {
  draftErrors,
  draftOf,
  draftRequest,
  formatOptions,
  localTimeZone,
  newDraft,
  scheduleErrorsOf,
  scheduleFields,
  timeZoneChoices,
  type ScheduleDraft,
  type ScheduleErrors,
  type ScheduleField,
} from './scheduleDraft';
import { useCreateSchedule, useUpdateSchedule, type ReportSchedule, type ReportScheduleRequest } from './scheduleApi';
import { filtersWords, nextRunWords, ordinal, recipientWords, scheduleWordsInline, weekdayNames } from './scheduleWords';

const useStyles = makeStyles({
  surface: { maxWidth: '560px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  // Time and time zone side by side where there is room.
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, 160px) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalM,
    '@media (max-width: 474px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { minWidth: 0, width: '100%' },
  actions: { flexWrap: 'wrap', justifyContent: 'flex-end' },
});

const frequencies: ReadonlyArray<{ value: ScheduleDraft['frequency']; text: string }> = [
  { value: 'daily', text: 'Daily' },
  { value: 'weekly', text: 'Weekly' },
  { value: 'monthly', text: 'Monthly' },
];

const monthDays = Array.from({ length: 31 }, (_, index) => index + 1);

// The control of a field, to give it the focus: the element marked data-field, or the first that
// takes the focus inside it (a radio group).
function focusField(root: HTMLElement | null, field: ScheduleField): void {
  const marked = root?.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!marked) return;
  const target = marked.matches('input, button, select, textarea')
    ? marked
    : (marked.querySelector<HTMLElement>('input:checked, input, button') ?? marked);
  target.focus();
}

function firstField(errors: ScheduleErrors): ScheduleField | undefined {
  return scheduleFields.find((field) => errors[field]);
}

// The IANA time zone: a choice among those the browser knows, or typed (a zone it does not list,
// such as UTC on some browsers, is still taken); where the browser cannot list them, typed.
function TimeZoneControl({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const styles = useStyles();
  const [zones] = useState(() => timeZoneChoices([value, localTimeZone()]));
  const [open, setOpen] = useState(false);
  const exact = zones?.includes(value) ?? false;
  // Several hundred: made only while the list is open, and again only when what is typed changes.
  const options = useMemo(() => {
    const typed = value.trim().toLowerCase().replace(/\s+/g, '_');
    const shown = !zones || exact || typed === '' ? (zones ?? []) : zones.filter((zone) => zone.toLowerCase().includes(typed));
    return shown.map((zone) => (
      <Option key={zone} value={zone}>
        {zone}
      </Option>
    ));
  }, [zones, exact, value]);
  if (!zones) {
    return <Input className={styles.wide} data-field="timeZone" value={value} onChange={(_, data) => onChange(data.value)} />;
  }
  return (
    <Combobox
      className={styles.wide}
      data-field="timeZone"
      freeform
      value={value}
      open={open}
      onOpenChange={(_, data) => setOpen(data.open)}
      selectedOptions={exact ? [value] : []}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        onChange(event.target.value);
        // Pasted as well as typed, the zones that match are offered.
        setOpen(true);
      }}
      onOptionSelect={(_, data) => {
        if (data.optionValue) onChange(data.optionValue);
      }}
    >
      {open ? options : null}
    </Combobox>
  );
}

export interface ScheduleDialogProps {
  report: ReportData;
  // The filter values the schedule runs the report with: the panel's, or a schedule's own.
  filters: ReportFilterValue[];
  // The panel's output format, which a new schedule starts with.
  format?: string;
  // The schedule to change; without it, a new one is made.
  schedule?: ReportSchedule;
  currentUsername: string;
  open: boolean;
  onClose: () => void;
  // After the server kept it (the dialog then closes).
  onSaved?: (schedule: ReportSchedule) => void;
}

interface BodyProps extends Omit<ScheduleDialogProps, 'open' | 'onSaved'> {
  saving: boolean;
  save: (body: ReportScheduleRequest) => Promise<ReportSchedule>;
  onSaved: (schedule: ReportSchedule) => void;
}

function ScheduleForm({ report, filters, format, schedule, currentUsername, saving, save, onSaved, onClose }: BodyProps) {
  const styles = useStyles();
  const dateFormat = useDateFormat();
  const root = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<ScheduleDraft>(() => (schedule ? draftOf(schedule) : newDraft(report, format, currentUsername)));
  const [serverErrors, setServerErrors] = useState<ScheduleErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const errors: ScheduleErrors = { ...(attempted ? draftErrors(draft) : {}), ...serverErrors };
  const options = formatOptions(report);

  const set = <F extends ScheduleField>(field: F, value: ScheduleDraft[F]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  // A field's problem, when it has one.
  const fieldProps = (field: ScheduleField) => ({
    validationState: errors[field] ? ('error' as const) : ('none' as const),
    validationMessage: errors[field],
  });

  const submit = async () => {
    setAttempted(true);
    const found = draftErrors(draft);
    const first = firstField(found);
    const body = draftRequest(draft, filters, schedule ? undefined : report.ReportCode);
    if (first || !body) {
      if (first) focusField(root.current, first);
      return;
    }
    setMessage(null);
    try {
      onSaved(await save(body));
    } catch (error) {
      const refused = scheduleErrorsOf(error);
      setServerErrors(refused.fields);
      setMessage(refused.message);
      const wrong = firstField(refused.fields);
      if (wrong) focusField(root.current, wrong);
    }
  };

  const chosenFormat = options.find((option) => option.valueField === draft.format);
  return (
    <DialogBody>
      <DialogTitle>Schedule “{report.Heading}”</DialogTitle>
      <DialogContent className={styles.content} ref={root} aria-busy={saving || undefined}>
        <Caption1 className={styles.muted}>{filtersWords(filters, dateFormat)}</Caption1>
        {message && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{message}</MessageBarBody>
          </MessageBar>
        )}
        <Field label="Output format" required {...fieldProps('format')}>
          <Dropdown
            className={styles.wide}
            data-field="format"
            placeholder="Choose…"
            value={chosenFormat?.textField ?? ''}
            selectedOptions={chosenFormat ? [chosenFormat.valueField] : []}
            onOptionSelect={(_, data) => set('format', data.optionValue ?? '')}
          >
            {options.map((option) => (
              <Option key={option.valueField} value={option.valueField}>
                {option.textField}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="How often" {...fieldProps('frequency')}>
          <RadioGroup
            layout="horizontal"
            data-field="frequency"
            value={draft.frequency}
            onChange={(_, data) => {
              const chosen = frequencies.find((each) => each.value === data.value);
              if (chosen) set('frequency', chosen.value);
            }}
          >
            {frequencies.map((each) => (
              <Radio key={each.value} value={each.value} label={each.text} />
            ))}
          </RadioGroup>
        </Field>
        {draft.frequency === 'weekly' && (
          <Field label="Day of the week" {...fieldProps('weekday')}>
            <Dropdown
              className={styles.wide}
              data-field="weekday"
              value={weekdayNames[draft.weekday - 1] ?? ''}
              selectedOptions={[String(draft.weekday)]}
              onOptionSelect={(_, data) => set('weekday', Number(data.optionValue))}
            >
              {weekdayNames.map((name, index) => (
                <Option key={name} value={String(index + 1)}>
                  {name}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
        {draft.frequency === 'monthly' && (
          <Field label="Day of the month" hint="On the 29th–31st: the month's last day in shorter months" {...fieldProps('monthDay')}>
            <Dropdown
              className={styles.wide}
              data-field="monthDay"
              value={ordinal(draft.monthDay)}
              selectedOptions={[String(draft.monthDay)]}
              onOptionSelect={(_, data) => set('monthDay', Number(data.optionValue))}
            >
              {monthDays.map((day) => (
                <Option key={day} value={String(day)} text={ordinal(day)}>
                  {ordinal(day)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
        <div className={styles.row}>
          <Field label="Time" required {...fieldProps('time')}>
            <Input type="time" data-field="time" value={draft.time} onChange={(_, data) => set('time', data.value.slice(0, 5))} />
          </Field>
          <Field label="Time zone" required {...fieldProps('timeZone')}>
            <TimeZoneControl value={draft.timeZone} onChange={(zone) => set('timeZone', zone)} />
          </Field>
        </div>
        <Field label="Recipients" required hint="People who may run this report: type part of a name or a username" {...fieldProps('recipients')}>
          <RecipientsControl recipients={draft.recipients} currentUsername={currentUsername} onChange={(names) => set('recipients', names)} />
        </Field>
        <Field label="Send as" {...fieldProps('delivery')}>
          <RadioGroup
            layout="horizontal"
            data-field="delivery"
            value={draft.delivery}
            onChange={(_, data) => set('delivery', data.value === 'link' ? 'link' : 'attachment')}
          >
            <Radio value="attachment" label="Attachment" />
            <Radio value="link" label="Link" />
          </RadioGroup>
        </Field>
        <Field {...fieldProps('onlyIfRows')}>
          <Checkbox
            data-field="onlyIfRows"
            label="Only when it has rows"
            checked={draft.onlyIfRows}
            onChange={(_, data) => set('onlyIfRows', data.checked === true)}
          />
        </Field>
        {schedule && (
          <Field {...fieldProps('active')}>
            <Switch data-field="active" label="Active" checked={draft.active} onChange={(_, data) => set('active', data.checked)} />
          </Field>
        )}
      </DialogContent>
      <DialogActions fluid className={styles.actions}>
        <Button appearance="primary" disabledFocusable={saving} onClick={() => void submit()}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button disabledFocusable={saving} onClick={onClose}>
          Cancel
        </Button>
      </DialogActions>
    </DialogBody>
  );
}

// A report scheduled to be e-mailed (spec: scheduled reports): made from a report's panel, with its
// filters, or a schedule changed. The server's problems show on their fields, and any other in a
// message bar; the dialog cannot be closed while it saves.
export function ScheduleDialog({ open, onClose, onSaved, schedule, ...rest }: ScheduleDialogProps) {
  const styles = useStyles();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const saving = create.isPending || update.isPending;
  const save = (body: ReportScheduleRequest) => (schedule ? update.mutateAsync({ scheduleId: schedule.id, body }) : create.mutateAsync(body));
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && !saving && onClose()}>
      <DialogSurface className={styles.surface}>
        {open && (
          <ScheduleForm
            {...rest}
            schedule={schedule}
            saving={saving}
            save={save}
            onClose={onClose}
            onSaved={(saved) => {
              onSaved?.(saved);
              onClose();
            }}
          />
        )}
      </DialogSurface>
    </Dialog>
  );
}

export interface ScheduleButtonProps {
  report: ReportData;
  // The panel's filter values, or null when they have problems (shown on the panel): the dialog
  // then does not open. Called when the button is pressed.
  filters: () => ReportFilterValue[] | null;
  format?: string;
  currentUsername: string;
}

// "Schedule…" on a report's panel: the schedule dialog for the panel's filters; once saved, when
// it will be sent.
export function ScheduleButton({ report, filters, format, currentUsername }: ScheduleButtonProps) {
  const dateFormat = useDateFormat();
  const [scheduling, setScheduling] = useState<ReportFilterValue[] | null>(null);
  const [saved, setSaved] = useState<ReportSchedule | null>(null);
  return (
    <>
      <Button
        icon={<CalendarClockRegular />}
        onClick={() => {
          const chosen = filters();
          if (chosen) setScheduling(chosen);
        }}
      >
        Schedule…
      </Button>
      <ScheduleDialog
        report={report}
        filters={scheduling ?? []}
        format={format}
        currentUsername={currentUsername}
        open={scheduling !== null}
        onClose={() => setScheduling(null)}
        onSaved={setSaved}
      />
      <MessageDialog open={saved !== null} title="Report scheduled" onClose={() => setSaved(null)}>
        {saved &&
          `“${saved.heading}” will be sent ${scheduleWordsInline(saved)}, to ${recipientWords(saved.recipients, currentUsername)}.\n${nextRunWords(saved, dateFormat)}. Your schedules are listed in the reports area.`}
      </MessageDialog>
    </>
  );
}
