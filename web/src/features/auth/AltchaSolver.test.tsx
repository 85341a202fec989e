import { render, waitFor } from '@testing-library/react';
import { createHash, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { resetAppState } from '../../test/appState';
import type { BotCheckChallenge } from './api';
import { AltchaSolver } from './AltchaSolver';

// jsdom has no Web Workers: altcha's own SHA worker script runs here in-process instead, so that
// the widget, its reading of a protocol-1 challenge and the payload it gives are altcha's own.
class InProcessWorker extends EventTarget {
  private readonly scope: { onmessage?: (message: { data: unknown }) => Promise<void>; postMessage(data: unknown): void };

  constructor() {
    super();
    this.scope = { postMessage: (data) => setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data }))) };
    const script = readFileSync('node_modules/altcha/dist/workers/sha.js', 'utf8');
    vm.runInNewContext(script, {
      self: this.scope,
      crypto: webcrypto,
      TextEncoder,
      performance,
      setTimeout,
      AbortController,
      DataView,
      Uint8Array,
      ArrayBuffer,
      Array,
      Math,
      parseInt,
    });
  }

  postMessage(data: unknown) {
    void this.scope.onmessage?.({ data });
  }

  terminate() {}
}

// A challenge as the server makes it: the SHA-256 of the salt followed by the secret number.
function serverChallenge(secret: number): BotCheckChallenge {
  const expires = Math.floor(Date.now() / 1000) + 600;
  const salt = `4f1c9a?expires=${expires}&action=signin`;
  return {
    algorithm: 'SHA-256',
    challenge: createHash('sha256').update(`${salt}${secret}`).digest('hex'),
    maxnumber: 5_000,
    salt,
    signature: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  };
}

function callbacks() {
  return { onSolved: vi.fn(), onFailed: vi.fn(), onWithdrawn: vi.fn(), onExpired: vi.fn() };
}

beforeEach(() => {
  // The widget refuses to work outside HTTPS (or localhost); jsdom does not say it is either.
  vi.stubGlobal('isSecureContext', true);
});

afterEach(() => {
  globalThis.$altcha.algorithms.delete('SHA-256');
  vi.restoreAllMocks();
  resetAppState();
});

describe('the altcha widget', () => {
  it('solves a challenge as shown, with nothing to tick, and gives the payload the server checks', async () => {
    globalThis.$altcha.algorithms.set('SHA-256', () => new InProcessWorker() as unknown as Worker);
    const challenge = serverChallenge(1234);
    const handlers = callbacks();
    const { container } = render(
      <form>
        <AltchaSolver challenge={challenge} {...handlers} />
      </form>,
    );
    await waitFor(() => expect(handlers.onSolved).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const [[solved]] = handlers.onSolved.mock.calls as [[string]];
    const payload = JSON.parse(atob(solved));
    expect(payload).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 1234,
      salt: challenge.salt,
      signature: challenge.signature,
      took: expect.any(Number),
    });
    expect(handlers.onFailed).not.toHaveBeenCalled();
    // Its checkbox is labelled in our words, and it carries no link away from the form.
    const checkbox = container.querySelector('input[type="checkbox"]');
    expect(checkbox).not.toBeNull();
    expect(container.querySelector(`label[for="${checkbox?.id}"]`)).toHaveTextContent('Checked: you are not a robot.');
    expect(container.querySelector('a')).toBeNull();
  });

  it('fails, and says so, when no worker may run (as the Content-Security-Policy would refuse one)', async () => {
    globalThis.$altcha.algorithms.set('SHA-256', () => {
      throw new DOMException('Refused to create a worker', 'SecurityError');
    });
    const handlers = callbacks();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <form>
        <AltchaSolver challenge={serverChallenge(7)} {...handlers} />
      </form>,
    );
    await waitFor(() => expect(handlers.onFailed).toHaveBeenCalledTimes(1));
    expect(handlers.onSolved).not.toHaveBeenCalled();
  });
});
