import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { registerSlots, type Slots } from '../../lib/slots';
import { createFakeApi, reply } from '../../test/fakeApi';
import { renderElement } from '../../test/render';
import { DocumentPreviewPanel, documentPreviewQuery } from './DocumentPreviewPanel';

const route = 'POST /api/demo/documentpreview';

afterEach(() => vi.unstubAllGlobals());

function preview(change: Record<string, unknown>) {
  return {
    canView: true,
    title: 'Noise policy',
    documentType: 'Link',
    loadStatus: 'OK',
    viewer: 'none',
    htmlContent: '',
    documentMetaData: null,
    ...change,
  };
}

// Spec 2 §8 (spec-gaps 2.8.10): "Document preview error text containing RSG701 is silently ignored;
// other text is shown in the panel. An unsupported document … shows the document-view-not-supported
// message."
describe('the document preview', () => {
  it('shows why a document cannot be shown here', async () => {
    createFakeApi({
      [route]: reply(200, preview({ loadStatus: 'NotSupported', message: 'This document is a link: open it to see it.', link: 'https://example.org/policy' })),
    }).install();
    renderElement(<DocumentPreviewPanel caseNumber="CMP-1" guid="guid-1" />);
    expect(await screen.findByText('This document is a link: open it to see it.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the link' })).toHaveAttribute('href', 'https://example.org/policy');
  });

  it('shows the text of a failure', async () => {
    createFakeApi({ [route]: reply(500, { error: 'core.internal', message: 'The preview could not be made.' }) }).install();
    renderElement(<DocumentPreviewPanel caseNumber="CMP-1" guid="guid-1" />);
    expect(await screen.findByText('The preview could not be made.')).toBeVisible();
  });

  it('passes over a failure whose text mentions RSG701', async () => {
    createFakeApi({ [route]: reply(500, { error: 'core.internal', message: 'Viewer: RSG701 the session closed.' }) }).install();
    const { container, queryClient } = renderElement(<DocumentPreviewPanel caseNumber="CMP-1" guid="guid-1" />);
    await vi.waitFor(() => expect(queryClient.getQueryState(documentPreviewQuery('CMP-1', 'guid-1').queryKey)?.status).toBe('error'));
    await vi.waitFor(() => expect(container.textContent).toBe(''));
  });

  it('gives the viewer the screen’s height less 175 without metadata rows', async () => {
    createFakeApi({ [route]: reply(200, preview({ loadStatus: 'NotSupported', message: 'Elsewhere.' })) }).install();
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 900 });
    renderElement(<DocumentPreviewPanel caseNumber="CMP-1" guid="guid-1" />);
    await screen.findByText('Elsewhere.');
    expect(screen.getByTestId('document-viewer').style.maxHeight).toBe('725px');
  });

  it('shows a report filed in the case as it is now, and the copy filed on its other tab', async () => {
    const filters = [{ id: 'channel', label: 'Received by', type: 'ChoiceField', value: 'Phone', valueKey: 'phone' }];
    createFakeApi({
      [route]: reply(200, preview({ viewer: 'text', textContent: 'The copy filed.', report: { documentGuid: 'guid-1', reportCode: 'CASELOAD', data: filters } })),
    }).install();
    registerSlots({
      filedReport: (reportCode: string, data: unknown[]) => <p>{`${reportCode} now, with ${data.length} filter`}</p>,
    } as unknown as Slots);
    const { user } = renderElement(<DocumentPreviewPanel caseNumber="CMP-1" guid="guid-1" />);
    expect(await screen.findByText('CASELOAD now, with 1 filter')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'As it is now' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('The copy filed.')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Copy filed' }));
    expect(screen.getByText('The copy filed.')).toBeVisible();
    expect(screen.queryByText(/CASELOAD now/)).toBeNull();
  });
});
