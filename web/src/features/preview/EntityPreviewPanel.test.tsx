import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { PreviewData } from '../../lib/api/types';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { environmentSettings } from '../../test/fixtures';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { appPath, renderElement } from '../../test/render';
import { AddressPreviewPanel } from './AddressPreviewPanel';
import { EntityPreviewPanel } from './EntityPreviewPanel';

const address = { line1: 'Flat 3', line2: '88 Quay Street', town: 'Harbridge', postcode: 'HB1 2AX' };

function preview(overrides: Partial<PreviewData> = {}): PreviewData {
  return {
    canView: true,
    errorMessage: null,
    descriptionDisplay: 'Tomasz Nowak',
    entityDescription: 'Individual',
    linkToParent: null,
    previewFields: [
      { key: 'Surname', value: 'Nowak', fieldType: 'TextField', displayInSearchPreview: true },
      { key: 'Address', value: 'Flat 3, 88 Quay Street, Harbridge, HB1 2AX', fieldType: 'Addresses', displayInSearchPreview: true, address },
    ],
    ...overrides,
  } as PreviewData;
}

let api: FakeApi;

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
  api = createFakeApi({
    'GET /api/demo/preview/person/2': reply(200, preview()),
    'GET /api/demo/environmentsettings': reply(200, environmentSettings({ googleMapApiKey: '' })),
  }).install();
});

describe('the preview of a record', () => {
  it('shows a whole address, a line each, in a box as wide as the others', async () => {
    renderElement(<EntityPreviewPanel kind="person" identifier="2" offerOpen />);
    const box = await screen.findByRole('textbox', { name: 'Address' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveValue('Flat 3\n88 Quay Street\nHarbridge\nHB1 2AX');
    expect(box).toHaveAttribute('rows', '4');
  });

  it('offers to open the record from a search result, and steps to it', async () => {
    const { user, router } = renderElement(<EntityPreviewPanel kind="person" identifier="2" offerOpen />, '/search');
    await user.click(await screen.findByRole('button', { name: 'Open individual' }));
    expect(appPath(router)).toBe('/person/2');
  });

  it('does not offer to open the record already on screen', async () => {
    renderElement(<EntityPreviewPanel kind="person" identifier="2" offerOpen={false} />, '/person/2');
    expect(await screen.findByText('Tomasz Nowak')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Open/ })).not.toBeInTheDocument();
    expect(api.unrouted).toEqual([]);
  });
});

describe('the map of an address', () => {
  it('says plainly that maps are not set up, without configuration words', async () => {
    renderElement(<AddressPreviewPanel address={address} />);
    expect(await screen.findByText('Maps are not set up for this environment.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/yaml|mapsKey|key/i);
  });
});
