import { inspect } from 'node:util';

const pause = (ms) => new Promise((resolvePause) => setTimeout(resolvePause, ms));

// Waits until something has happened (an index caught up, a task finished, a socket closed):
// calls check (sync or async) until it returns a truthy value, and returns that value. A check
// that throws (an assert, say) counts as not yet. On timeout the error names what was awaited and
// the last value or error seen, so that a failure reads as a sentence rather than as a bare timeout.
export async function eventually(check, { what = 'the condition holds', timeoutMs = 30000, intervalMs = 50 } = {}) {
  const started = Date.now();
  let last = { value: undefined };
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (Date.now() - started >= timeoutMs) {
      const seen = 'error' in last
        ? `the last check threw: ${last.error?.stack ?? last.error}`
        : `the last check gave ${inspect(last.value, { depth: 4, breakLength: Infinity })}`;
      throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}; ${seen}`);
    }
    await pause(intervalMs);
  }
}

// Lets time pass when the passing of time is itself the behaviour under test (a session's idle
// lifetime ending, a sign-in wait elapsing, one moment being later than another). Never use it to
// wait for something to happen: that is what eventually is for.
export const letTimePass = (ms) => pause(ms);
