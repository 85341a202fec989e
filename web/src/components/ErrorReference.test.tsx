import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ApiError } from '../lib/api';
import { resetAppState } from '../test/appState';
import { createFakeApi, reply } from '../test/fakeApi';
import { chromeSettings } from '../test/fixtures';
import { renderElement } from '../test/render';
import { GenericError } from './GenericError';
import { errorReference } from './ErrorReference';

afterEach(resetAppState);

const failure = new ApiError({ status: 500, code: 'internal', message: 'Sorry, something went wrong on our side.', correlationId: 'c0ffee42' });

function show(verbose: boolean) {
  createFakeApi({ 'GET /api/demo/chromesettings': reply(200, chromeSettings({ isApplicationMessagesVerbose: verbose })) }).install();
  return renderElement(<GenericError message={failure.message} error={failure} />);
}

describe('application messages', () => {
  it('give the error’s reference under the message where the environment says they are verbose', async () => {
    show(true);
    expect(await screen.findByText('Reference c0ffee42 · internal · HTTP 500')).toBeInTheDocument();
    expect(screen.getByText(/Sorry, something went wrong on our side\./)).toBeInTheDocument();
  });

  it('keep to the message alone otherwise', async () => {
    const { queryClient } = show(false);
    await waitFor(() => expect(queryClient.getQueryData(['chromesettings'])).toBeTruthy());
    expect(screen.getByText('Sorry, something went wrong on our side.')).toBeInTheDocument();
    expect(screen.queryByText(/Reference/)).not.toBeInTheDocument();
  });

  it('have no reference for what was not an answer of the server', () => {
    expect(errorReference(new Error('Failed to fetch'))).toBeNull();
    expect(errorReference(new ApiError({ status: 0, code: 'network', message: 'No connection.' }))).toBeNull();
    expect(errorReference(failure)).toBe('Reference c0ffee42 · internal · HTTP 500');
  });
});
