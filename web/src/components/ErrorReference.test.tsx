import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../lib/api';
import { chromeSettings } from '../test/fixtures';
import { renderElement } from '../test/render';
import { GenericError } from './GenericError';
import { errorReference } from './ErrorReference';

const failure = new ApiError({ status: 500, code: 'internal', message: 'Sorry, something went wrong on our side.', correlationId: 'c0ffee42' });

// The settings are loaded by the app before any error can be shown; the reference only reads them.
function show(verbose: boolean) {
  const shown = renderElement(<GenericError message={failure.message} error={failure} />);
  act(() => shown.queryClient.setQueryData(['chromesettings'], chromeSettings({ isApplicationMessagesVerbose: verbose })));
  return shown;
}

describe('application messages', () => {
  it('give the error’s reference under the message where the environment says they are verbose', async () => {
    show(true);
    expect(await screen.findByText('Reference c0ffee42 · internal · HTTP 500')).toBeInTheDocument();
    expect(screen.getByText(/Sorry, something went wrong on our side\./)).toBeInTheDocument();
  });

  it('keep to the message alone otherwise', () => {
    show(false);
    expect(screen.getByText('Sorry, something went wrong on our side.')).toBeInTheDocument();
    expect(screen.queryByText(/Reference/)).not.toBeInTheDocument();
  });

  it('have no reference for what was not an answer of the server', () => {
    expect(errorReference(new Error('Failed to fetch'))).toBeNull();
    expect(errorReference(new ApiError({ status: 0, code: 'network', message: 'No connection.' }))).toBeNull();
    expect(errorReference(failure)).toBe('Reference c0ffee42 · internal · HTTP 500');
  });
});
