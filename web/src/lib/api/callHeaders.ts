// The headers every call to the product's own API carries besides the session (spec 1 §7): the
// client's time zone and a correlation id that the server logs and echoes. Made here once for the
// typed client (client.ts) and for the requests tus-js-client sends (documents' uploads).

export const kTimezoneHeader = 'X-Timezone-Offset';
export const kCorrelationHeader = 'X-Correlation-Id';

// 16 hex digits: within the server's accepted id ([A-Za-z0-9-_.:], 1 to 100 characters).
export function newCorrelationId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().replaceAll('-', '').slice(0, 16)
    : Math.random().toString(16).slice(2, 18).padEnd(16, '0');
}

// Minutes east of UTC, the sign the server documents (Date gives minutes west).
export function timezoneOffsetMinutes(): number {
  return -new Date().getTimezoneOffset();
}

export interface HeaderSources {
  correlationId?: () => string;
  timezoneOffsetMinutes?: () => number;
}

// The two headers for one request.
export function callHeaders(sources: HeaderSources = {}): Record<string, string> {
  return {
    [kTimezoneHeader]: String((sources.timezoneOffsetMinutes ?? timezoneOffsetMinutes)()),
    [kCorrelationHeader]: (sources.correlationId ?? newCorrelationId)(),
  };
}
