import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, never, reply, type FakeApi, type FakeRequest } from '../../test/fakeApi';
import { renderElement } from '../../test/render';
import type { ReportFilterValue } from './api';
import { recipientSearchDelayMs, type ReportRecipient } from './recipientsApi';
import { reportData } from './reportFixtures';
import { ScheduleButton, ScheduleDialog } from './ScheduleDialog';
import { reportSchedule } from './scheduleFixtures';

const createRoute = 'POST /api/demo/reports/schedules';
const recipientsRoute = 'GET /api/demo/reports/recipients';
const updateRoute = 'PUT /api/demo/reports/schedules/3';
const filters: ReportFilterValue[] = [{ id: 'channel', label: 'Received by', type: 'ChoiceField', value: 'Phone', valueKey: 'phone' }];

// The colleagues the server knows; bob has no e-mail address.
const colleagues: ReportRecipient[] = [
  { username: 'ana', displayName: 'Ana Analyst', email: 'ana@example.org' },
  { username: 'bob', displayName: 'Bob Barker', email: null },
  { username: 'carla', displayName: 'Carla Banana', email: 'carla@example.org' },
];

// Those whose username, name or e-mail address contains the search, as the server answers.
function findColleagues(request: FakeRequest) {
  const search = (new URLSearchParams(request.search).get('search') ?? '').toLowerCase();
  const found = colleagues.filter((colleague) =>
    [colleague.username, colleague.displayName, colleague.email ?? ''].some((value) => value.toLowerCase().includes(search)),
  );
  return reply(200, { recipients: found });
}

let api: FakeApi;

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token-1');
  api = createFakeApi({
    'GET /api/demo/reports/schedules': reply(200, { schedules: [] }),
    [createRoute]: reply(201, { schedule: reportSchedule({ id: 9 }) }),
    [updateRoute]: reply(200, { schedule: reportSchedule() }),
    [recipientsRoute]: findColleagues,
  }).install();
});

afterEach(() => {
  vi.useRealTimers();
  resetAppState();
  vi.restoreAllMocks();
});

const title = 'Schedule “Caseload by status and type”';

// The panel's button; its filters are those given, or null (the panel has a problem to show).
async function openFromButton(chosen: ReportFilterValue[] | null = filters, format?: string) {
  const asked = vi.fn(() => chosen);
  const rendered = renderElement(<ScheduleButton report={reportData()} filters={asked} format={format} currentUsername="walt" />);
  await rendered.user.click(screen.getByRole('button', { name: 'Schedule…' }));
  expect(asked).toHaveBeenCalledTimes(1);
  return rendered;
}

function dialog(): HTMLElement {
  return screen.getByRole('dialog', { name: title });
}

async function choose(user: Awaited<ReturnType<typeof openFromButton>>['user'], box: string, option: string) {
  await user.click(within(dialog()).getByRole('combobox', { name: box }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the Schedule… button', () => {
  it('opens nothing while the panel’s filters have a problem', async () => {
    await openFromButton(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the dialog for the panel’s filters and format, sent weekly to the person by default', async () => {
    await openFromButton(filters, 'pdf');
    const opened = await screen.findByRole('dialog', { name: title });
    expect(within(opened).getByText('With: Received by Phone')).toBeInTheDocument();
    expect(within(opened).getByRole('combobox', { name: /Output format/ })).toHaveTextContent('PDF');
    expect(within(opened).getByRole('radio', { name: 'Weekly' })).toBeChecked();
    expect(within(opened).getByRole('combobox', { name: 'Day of the week' })).toHaveTextContent('Monday');
    expect(within(opened).queryByRole('combobox', { name: 'Day of the month' })).toBeNull();
    expect(within(opened).getByLabelText(/^Time/, { selector: 'input[type="time"]' })).toHaveValue('08:00');
    expect(within(opened).getByRole('combobox', { name: /Time zone/ })).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(within(opened).getByRole('option', { name: 'Remove walt (you)' })).toHaveTextContent('walt (you)');
    expect(within(opened).getByRole('radio', { name: 'Attachment' })).toBeChecked();
    expect(within(opened).getByRole('checkbox', { name: 'Only when it has rows' })).not.toBeChecked();
    // Only a schedule being changed can be paused.
    expect(within(opened).queryByRole('switch', { name: 'Active' })).toBeNull();
  });

  it('says when there are no filters', async () => {
    await openFromButton([{ id: 'opened.from', label: 'Opened from', type: 'DateField', value: null, valueKey: null }]);
    expect(within(await screen.findByRole('dialog', { name: title })).getByText('No filters')).toBeInTheDocument();
  });
});

// Filling a whole dialog with typed keys takes a while on a busy two-core machine.
describe('saving a new schedule', { timeout: 45_000 }, () => {
  it('shows what is missing only once Save is pressed, sends nothing, and puts the focus on the first field at fault', async () => {
    const { user } = await openFromButton();
    await screen.findByRole('dialog', { name: title });
    await user.click(within(dialog()).getByRole('option', { name: 'Remove walt (you)' }));
    expect(within(dialog()).queryByText('Choose an output format.')).toBeNull();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(within(dialog()).getByText('Choose an output format.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Name at least one recipient.')).toBeInTheDocument();
    expect(document.activeElement).toBe(within(dialog()).getByRole('combobox', { name: /Output format/ }));
    expect(api.requestsTo(createRoute)).toHaveLength(0);
    // Put right, the message goes.
    await choose(user, 'Output format', 'CSV');
    expect(within(dialog()).queryByText('Choose an output format.')).toBeNull();
  });

  it('sends the report, its filters and the day of the month, then says when it will be sent', async () => {
    const { user } = await openFromButton(filters, 'xlsx');
    await screen.findByRole('dialog', { name: title });
    await user.click(within(dialog()).getByRole('radio', { name: 'Monthly' }));
    expect(within(dialog()).getByText("On the 29th–31st: the month's last day in shorter months")).toBeInTheDocument();
    await choose(user, 'Day of the month', '31st');
    api.on(
      createRoute,
      reply(201, { schedule: reportSchedule({ id: 9, format: 'xlsx', frequency: 'monthly', weekday: undefined, monthDay: 31 }) }),
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(api.requestsTo(createRoute).map((request) => request.body)).toEqual([
        {
          reportCode: 'CASELOAD',
          format: 'xlsx',
          filters,
          frequency: 'monthly',
          monthDay: 31,
          time: '08:00',
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          recipients: ['walt'],
          delivery: 'attachment',
          onlyIfRows: false,
          active: true,
        },
      ]),
    );
    const done = await screen.findByRole('alertdialog', { name: 'Report scheduled' });
    expect(done).toHaveTextContent("“Caseload by status and type” will be sent monthly on the 31st (or the month's last day) at 08:00 (Europe/London), to you.");
    expect(screen.queryByRole('dialog', { name: title })).toBeNull();
  });

  it('sends the time typed, and the time zone chosen among those that match what was put in', async () => {
    const { user } = await openFromButton(filters, 'csv');
    await screen.findByRole('dialog', { name: title });
    const time = within(dialog()).getByLabelText(/^Time/, { selector: 'input[type="time"]' });
    await user.clear(time);
    await user.type(time, '18:30');
    // Pasted over what was there: the zones that match are offered.
    const zone = within(dialog()).getByRole<HTMLInputElement>('combobox', { name: /Time zone/ });
    act(() => {
      zone.focus();
      zone.setSelectionRange(0, zone.value.length);
    });
    await user.paste('paris');
    await user.click(await screen.findByRole('option', { name: 'Europe/Paris' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo(createRoute)).toHaveLength(1));
    expect(api.requestsTo(createRoute)[0]?.body).toMatchObject({ time: '18:30', timeZone: 'Europe/Paris' });
  });

  it('sends it to the colleagues named, as a link, only when it has rows', async () => {
    // Usernames typed as they are: no suggestion arrives to name them (other tests are about that).
    api.on(recipientsRoute, never());
    const { user } = await openFromButton(filters, 'csv');
    await screen.findByRole('dialog', { name: title });
    const recipients = within(dialog()).getByRole('combobox', { name: /Recipients/ });
    await user.type(recipients, 'ana{Enter}bob,walt ');
    expect(within(dialog()).getAllByRole('option').map((tag) => tag.textContent)).toEqual(['walt (you)', 'ana', 'bob']);
    await user.type(recipients, 'carl');
    await user.click(within(dialog()).getByRole('radio', { name: 'Link' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Only when it has rows' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo(createRoute)).toHaveLength(1));
    expect(api.requestsTo(createRoute)[0]?.body).toMatchObject({
      frequency: 'weekly',
      weekday: 1,
      recipients: ['walt', 'ana', 'bob', 'carl'],
      delivery: 'link',
      onlyIfRows: true,
    });
  });

  it('puts the server’s message on the field it names, and the focus there', async () => {
    api.on(
      createRoute,
      reply(400, { error: 'reports.invalid_schedule', message: 'bob has no e-mail address.', fieldErrors: { recipients: 'bob has no e-mail address.' } }),
    );
    const { user } = await openFromButton(filters, 'csv');
    await screen.findByRole('dialog', { name: title });
    // Pasted at once, with the comma that adds it: typed key by key on a busy machine, the
    // suggestions could arrive between the keys, which other tests are about.
    await user.click(within(dialog()).getByRole('combobox', { name: /Recipients/ }));
    await user.paste('bob,');
    await within(dialog()).findByRole('option', { name: 'Remove bob' });
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('bob has no e-mail address.')).toBeInTheDocument();
    expect(document.activeElement).toBe(within(dialog()).getByRole('combobox', { name: /Recipients/ }));
    // On the field, and nowhere else.
    expect(within(dialog()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['bob has no e-mail address.']);
    // Changed, the field is the person's again.
    await user.click(within(dialog()).getByRole('option', { name: 'Remove bob' }));
    expect(within(dialog()).queryByText('bob has no e-mail address.')).toBeNull();
  });

  it('also takes a refusal that names its fields in `fields`', async () => {
    api.on(createRoute, reply(400, { error: 'reports.invalid_schedule', message: "'Mars/Base' is not a time zone.", fields: { timeZone: "'Mars/Base' is not a time zone." } }));
    const { user } = await openFromButton(filters, 'csv');
    await screen.findByRole('dialog', { name: title });
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText("'Mars/Base' is not a time zone.")).toBeInTheDocument();
    expect(document.activeElement).toBe(within(dialog()).getByRole('combobox', { name: /Time zone/ }));
  });

  it('says any other refusal in the dialog, which stays open', async () => {
    const message = 'This environment sends no e-mail, so reports cannot be sent on a schedule.';
    api.on(createRoute, reply(409, { error: 'reports.mail_not_configured', message }));
    const { user } = await openFromButton(filters, 'csv');
    await screen.findByRole('dialog', { name: title });
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog()).getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-disabled', 'true');
  });
});

// Typing into the dialog takes a while on a busy two-core machine.
describe('choosing the recipients', { timeout: 45_000 }, () => {
  async function openDialog() {
    const rendered = await openFromButton(filters, 'csv');
    await screen.findByRole('dialog', { name: title });
    return { ...rendered, recipients: within(dialog()).getByRole('combobox', { name: /Recipients/ }) };
  }

  const chips = () => within(within(dialog()).getByRole('listbox', { name: 'Recipients' })).getAllByRole('option');

  // Saves the dialog; the usernames it sent.
  async function savedRecipients(user: Awaited<ReturnType<typeof openDialog>>['user']) {
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo(createRoute)).toHaveLength(1));
    return (api.requestsTo(createRoute)[0]?.body as { recipients: string[] }).recipients;
  }

  it('offers the colleagues who match what is typed, by name and username, with their e-mail address', async () => {
    const opened = await openDialog();
    // Asked for once the person has paused, not at every key.
    act(() => opened.recipients.focus());
    vi.useFakeTimers();
    fireEvent.change(opened.recipients, { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(opened.recipients, { target: { value: 'an' } });
    act(() => vi.advanceTimersByTime(recipientSearchDelayMs - 1));
    expect(api.requestsTo(recipientsRoute)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(recipientSearchDelayMs).toBe(200);
    expect(api.requestsTo(recipientsRoute).map((request) => request.search)).toEqual(['?search=an']);
    // What the answer sets going (TanStack Query's batching) runs before the clock is real again.
    await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();
    const ana = await screen.findByRole('option', { name: /^Ana Analyst \(ana\)/ });
    expect(ana).toHaveTextContent('ana@example.org');
    expect(screen.getByRole('option', { name: /^Carla Banana \(carla\)/ })).toHaveTextContent('carla@example.org');
    expect(screen.queryByRole('option', { name: /^Bob Barker/ })).toBeNull();
    expect(opened.recipients).toHaveAttribute('aria-expanded', 'true');
  });

  it('adds the colleague picked as a tag with their name, which is sent as their username', async () => {
    const opened = await openDialog();
    await opened.user.type(opened.recipients, 'bana');
    await opened.user.click(await screen.findByRole('option', { name: /^Carla Banana \(carla\)/ }));
    expect(chips().map((chip) => chip.textContent)).toEqual(['walt (you)', 'Carla Banana']);
    expect(within(dialog()).getByRole('option', { name: 'Remove Carla Banana' })).toBeInTheDocument();
    expect(opened.recipients).toHaveValue('');
    // By keyboard too: down to the colleague, then Enter.
    await opened.user.type(opened.recipients, 'analyst');
    await screen.findByRole('option', { name: /^Ana Analyst \(ana\)/ });
    await opened.user.keyboard('{ArrowDown}{Enter}');
    expect(chips().map((chip) => chip.textContent)).toEqual(['walt (you)', 'Carla Banana', 'Ana Analyst']);
    expect(await savedRecipients(opened.user)).toEqual(['walt', 'carla', 'ana']);
  });

  it('shows a colleague without an e-mail address, who cannot be picked, and says why', async () => {
    const opened = await openDialog();
    await opened.user.type(opened.recipients, 'bob');
    const bob = await screen.findByRole('option', { name: /^Bob Barker \(bob\)/ });
    expect(bob).toHaveTextContent('no e-mail address');
    expect(bob).toHaveAttribute('aria-disabled', 'true');
    await opened.user.click(bob);
    await opened.user.keyboard('{ArrowDown}{Enter}');
    expect(chips().map((chip) => chip.textContent)).toEqual(['walt (you)']);
    expect(opened.recipients).toHaveValue('bob');
  });

  it('still adds a username typed as it is, with the name the suggestions told of', async () => {
    const opened = await openDialog();
    await opened.user.type(opened.recipients, 'ana');
    await screen.findByRole('option', { name: /^Ana Analyst \(ana\)/ });
    await opened.user.keyboard('{Enter}');
    await opened.user.type(opened.recipients, 'dave,');
    expect(chips().map((chip) => chip.textContent)).toEqual(['walt (you)', 'Ana Analyst', 'dave']);
    expect(await savedRecipients(opened.user)).toEqual(['walt', 'ana', 'dave']);
  });

  it('looks for a whole name, spaces and all, and Enter on it picks that colleague', async () => {
    const opened = await openDialog();
    await opened.user.type(opened.recipients, 'Carla Ban');
    await screen.findByRole('option', { name: /^Carla Banana \(carla\)/ });
    expect(chips().map((chip) => chip.textContent)).toEqual(['walt (you)']);
    await opened.user.type(opened.recipients, 'ana');
    await screen.findByRole('option', { name: /^Carla Banana \(carla\)/ });
    await opened.user.keyboard('{Enter}');
    expect(chips().map((chip) => chip.textContent)).toEqual(['walt (you)', 'Carla Banana']);
    expect(await savedRecipients(opened.user)).toEqual(['walt', 'carla']);
  });

  it('says when no colleague matches, and while it looks', async () => {
    const opened = await openDialog();
    await opened.user.type(opened.recipients, 'zed');
    expect(await screen.findByRole('option', { name: 'No colleague matches “zed”' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog()).getByRole('status')).toHaveTextContent('No colleague matches “zed”');
    api.on(recipientsRoute, never());
    await opened.user.type(opened.recipients, 'x');
    expect(await screen.findByRole('option', { name: 'Looking for colleagues…' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Looking for colleagues…');
  });

  it('removes a recipient with their tag’s button', async () => {
    const opened = await openDialog();
    await opened.user.type(opened.recipients, 'carla');
    await opened.user.click(await screen.findByRole('option', { name: /^Carla Banana \(carla\)/ }));
    await opened.user.click(within(dialog()).getByRole('option', { name: 'Remove Carla Banana' }));
    expect(chips().map((chip) => chip.textContent)).toEqual(['walt (you)']);
  });
});

describe('while it saves', () => {
  it('says so, and is not closed', async () => {
    api.on(createRoute, never());
    const { user } = await openFromButton(filters, 'csv');
    await screen.findByRole('dialog', { name: title });
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    expect(dialog()).toBeInTheDocument();
    expect(api.requestsTo(createRoute)).toHaveLength(1);
  });
});

describe('changing a schedule', () => {
  it('starts from the schedule, can pause it, and sends it back without its report', async () => {
    const onClose = vi.fn();
    const schedule = reportSchedule({ recipients: ['walt', 'ana'], delivery: 'link' });
    const { user } = renderElement(
      <ScheduleDialog open report={reportData()} filters={schedule.filters} schedule={schedule} currentUsername="walt" onClose={onClose} />,
    );
    await screen.findByRole('dialog', { name: title });
    expect(within(dialog()).getByText('With: Case types Complaint')).toBeInTheDocument();
    expect(within(dialog()).getByRole('combobox', { name: /Output format/ })).toHaveTextContent('CSV');
    expect(within(dialog()).getByRole('radio', { name: 'Link' })).toBeChecked();
    const active = within(dialog()).getByRole('switch', { name: 'Active' });
    expect(active).toBeChecked();
    await user.click(active);
    await user.click(within(dialog()).getByRole('radio', { name: 'Daily' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requestsTo(updateRoute).map((request) => request.body)).toEqual([
      {
        format: 'csv',
        filters: schedule.filters,
        frequency: 'daily',
        time: '08:00',
        timeZone: 'Europe/London',
        recipients: ['walt', 'ana'],
        delivery: 'link',
        onlyIfRows: false,
        active: false,
      },
    ]);
    expect(api.requestsTo(createRoute)).toHaveLength(0);
  });
});
