import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { renderElement } from '../../test/render';
import type { ReportFilterValue } from './api';
import { FileInCaseButton } from './FileInCaseDialog';
import { outputFormat, reportData } from './reportFixtures';

const fileRoute = 'POST /api/demo/reports/file';
const filters: ReportFilterValue[] = [{ id: 'channel', label: 'Received by', type: 'ChoiceField', value: 'Phone', valueKey: 'phone' }];
const filed = { documentGuid: 'guid-9', caseNumber: 'CMP-7', title: 'Caseload by status and type 2026-11-29', fileName: 'Caseload.pdf', rows: 12 };

let api: FakeApi;

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token-1');
  api = createFakeApi({ [fileRoute]: reply(201, filed) }).install();
});

afterEach(() => {
  resetAppState();
  vi.restoreAllMocks();
});

async function open(chosen: ReportFilterValue[] | null = filters) {
  const onFiled = vi.fn();
  const rendered = renderElement(<FileInCaseButton report={reportData()} filters={() => chosen} onFiled={onFiled} />);
  await rendered.user.click(screen.getByRole('button', { name: 'File in a case…' }));
  return { ...rendered, onFiled };
}

const dialog = () => screen.getByRole('dialog', { name: 'File in a case' });

describe('filing a report in a case', () => {
  it('is offered only for a report that can be made as a PDF', () => {
    const csvOnly = outputFormat({ options: [{ valueField: 'csv', textField: 'CSV' }] });
    renderElement(<FileInCaseButton report={reportData({ outputFormatComponents: [csvOnly] })} filters={() => filters} onFiled={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'File in a case…' })).toBeNull();
  });

  it('opens nothing while the panel’s filters have a problem', async () => {
    await open(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the case before sending anything', async () => {
    const { user } = await open();
    await user.click(within(dialog()).getByRole('button', { name: 'File' }));
    expect(within(dialog()).getByText('Choose the case to file the report in.')).toBeVisible();
    expect(within(dialog()).getByRole('textbox', { name: /Case number/ })).toHaveFocus();
    expect(api.requestsTo(fileRoute)).toHaveLength(0);
  });

  it('files the report with the panel’s filters and offers the case', async () => {
    const { user, onFiled } = await open();
    expect(within(dialog()).getByRole('textbox', { name: /Title/ })).toHaveAttribute('placeholder', expect.stringMatching(/^Caseload by status and type \d{4}-\d{2}-\d{2}$/));
    await user.type(within(dialog()).getByRole('textbox', { name: /Case number/ }), ' CMP-7 ');
    await user.click(within(dialog()).getByRole('button', { name: 'File' }));
    expect(await within(dialog()).findByText(/Filed in CMP-7 as “Caseload by status and type 2026-11-29”, 12 rows\./)).toBeVisible();
    expect(within(dialog()).getByRole('link', { name: 'Open the case' })).toHaveAttribute('href', expect.stringMatching(/\/case\/cmp-7$/));
    expect(api.requestsTo(fileRoute)[0]?.body).toEqual({ reportCode: 'CASELOAD', caseNumber: 'CMP-7', filters });
    expect(onFiled).toHaveBeenCalledWith(filed);
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a title typed, and shows what the server says is wrong where it is wrong', async () => {
    api.on(fileRoute, () => reply(404, { error: 'records.not_found', message: 'There is no case CMP-404.', fieldErrors: { caseNumber: 'There is no case CMP-404.' } }));
    const { user } = await open();
    await user.type(within(dialog()).getByRole('textbox', { name: /Case number/ }), 'CMP-404');
    await user.type(within(dialog()).getByRole('textbox', { name: /Title/ }), 'Monday caseload');
    await user.click(within(dialog()).getByRole('button', { name: 'File' }));
    expect(await within(dialog()).findByText('There is no case CMP-404.')).toBeVisible();
    expect(api.requestsTo(fileRoute)[0]?.body).toMatchObject({ title: 'Monday caseload' });
  });

  it('shows a refusal’s message', async () => {
    api.on(fileRoute, () => reply(403, { error: 'documents.change_denied', message: 'You are not allowed to add documents to this case.' }));
    const { user } = await open();
    await user.type(within(dialog()).getByRole('textbox', { name: /Case number/ }), 'CMP-7');
    await user.click(within(dialog()).getByRole('button', { name: 'File' }));
    expect(await within(dialog()).findByText('You are not allowed to add documents to this case.')).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: 'File' })).toBeEnabled();
  });
});
