import { WarningRegular } from '@fluentui/react-icons';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { PreviewData } from '../../lib/api/types';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { environmentSettings } from '../../test/fixtures';
import { dateFormatStore } from '../../lib/format';
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

describe('what a preview shows (spec 2 "Previews")', () => {
  it('shows the server’s errorMessage with a warning icon, above the record', async () => {
    api.on('GET /api/demo/preview/person/2', reply(200, preview({ errorMessage: 'Part of this record is held elsewhere.' })));
    renderElement(<EntityPreviewPanel kind="person" identifier="2" offerOpen={false} />);
    const message = await screen.findByText('Part of this record is held elsewhere.');
    const warning = message.parentElement as HTMLElement;
    expect(warning.querySelector('svg')).not.toBeNull();
    expect(warning.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Tomasz Nowak')).toBeInTheDocument();
  });

  it('marks the server’s errorMessage with the warning icon, not merely with some icon', async () => {
    api.on('GET /api/demo/preview/person/2', reply(200, preview({ errorMessage: 'Part of this record is held elsewhere.' })));
    renderElement(<EntityPreviewPanel kind="person" identifier="2" offerOpen={false} />);
    const message = await screen.findByText('Part of this record is held elsewhere.');
    const drawn = (message.parentElement as HTMLElement).querySelector('svg')?.innerHTML;
    expect(drawn).toBe(render(<WarningRegular />).container.querySelector('svg')?.innerHTML);
  });

  it('says the person may not view the record, and nothing of it', async () => {
    api.on('GET /api/demo/preview/person/2', reply(200, preview({ canView: false, descriptionDisplay: '', previewFields: [] })));
    renderElement(<EntityPreviewPanel kind="person" identifier="2" offerOpen />);
    expect(await screen.findByText('You do not have permission to view this record.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Open/ })).not.toBeInTheDocument();
  });

  it('steps to the parent record it links to', async () => {
    api.on('GET /api/demo/preview/person/2', reply(200, preview({ linkToParent: '/case/inv-2026-0001' })));
    const { user, router } = renderElement(<EntityPreviewPanel kind="person" identifier="2" offerOpen={false} />, '/search');
    await user.click(await screen.findByRole('button', { name: 'Open the parent record' }));
    expect(appPath(router)).toBe('/case/inv-2026-0001');
  });

  it('shows rich text in a text area, a date as text in the date format, and anything else in a text box', async () => {
    dateFormatStore.set('DD/MM/YYYY');
    api.on(
      'GET /api/demo/preview/person/2',
      reply(
        200,
        preview({
          previewFields: [
            { key: 'Notes', value: 'Hard of hearing.\nPrefers calls.', fieldType: 'RichTextField', displayInSearchPreview: true },
            { key: 'Date of birth', value: '1958-03-14', fieldType: 'DateField', displayInSearchPreview: true },
            { key: 'Prefers contact by', value: 'Phone', fieldType: 'ChoiceField', displayInSearchPreview: true },
          ],
        }),
      ),
    );
    renderElement(<EntityPreviewPanel kind="person" identifier="2" offerOpen={false} />);
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    expect(notes.tagName).toBe('TEXTAREA');
    expect(notes).toHaveValue('Hard of hearing.\nPrefers calls.');
    const born = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(born.tagName).toBe('INPUT');
    expect(born).toHaveValue('14/03/1958');
    expect(screen.getByRole('textbox', { name: 'Prefers contact by' })).toHaveValue('Phone');
    for (const box of screen.getAllByRole('textbox')) expect(box).toHaveAttribute('readonly');
  });
});

describe('the map of an address', () => {
  it('embeds a map of the whole address with the environment’s key, both url-encoded (spec 2 §7)', async () => {
    api.on('GET /api/demo/environmentsettings', reply(200, environmentSettings({ googleMapApiKey: 'k&y=1' })));
    renderElement(<AddressPreviewPanel address={address} />);
    const map = await screen.findByTitle('Map of Flat 3, 88 Quay Street, Harbridge, HB1 2AX');
    expect(map.tagName).toBe('IFRAME');
    expect(map.getAttribute('src')).toBe(
      'https://www.google.com/maps/embed/v1/place?key=k%26y%3D1&q=Flat%203%2C%2088%20Quay%20Street%2C%20Harbridge%2C%20HB1%202AX',
    );
    expect(screen.queryByText('Maps are not set up for this environment.')).not.toBeInTheDocument();
  });

  it('says plainly that maps are not set up, without configuration words', async () => {
    renderElement(<AddressPreviewPanel address={address} />);
    expect(await screen.findByText('Maps are not set up for this environment.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/yaml|mapsKey|key/i);
  });
});
