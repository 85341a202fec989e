import type { ReportFilterValue } from './api';

// The report viewer's address (spec 1 §2: any address containing reports/part/viewer/), inside the
// app: /reports/part/viewer/{reportCode}?filters=<the filters as JSON, base64url>. The filters
// travel in the address so that the new tab needs nothing from the one that opened it, and a
// viewer can be reloaded or bookmarked.
export const viewerSegment = 'reports/part/viewer/';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (character) => character.charCodeAt(0)));
}

export function viewerPath(reportCode: string, filters: readonly ReportFilterValue[]): string {
  return `/${viewerSegment}${encodeURIComponent(reportCode)}?filters=${toBase64Url(JSON.stringify(filters))}`;
}

function isFilter(value: unknown): value is ReportFilterValue {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

export interface ViewerRequest {
  reportCode: string;
  filters: ReportFilterValue[];
}

// What a viewer address asks for; null when it names no report or its filters cannot be read (an
// address cut short or changed by hand).
export function readViewerAddress(pathname: string, search: string): ViewerRequest | null {
  const at = pathname.toLowerCase().indexOf(viewerSegment);
  if (at < 0) return null;
  const code = pathname.slice(at + viewerSegment.length).split('/')[0] ?? '';
  if (code === '') return null;
  const encoded = new URLSearchParams(search).get('filters');
  if (encoded === null || encoded === '') return { reportCode: decodeURIComponent(code), filters: [] };
  try {
    const filters: unknown = JSON.parse(fromBase64Url(encoded));
    if (!Array.isArray(filters) || !filters.every(isFilter)) return null;
    return { reportCode: decodeURIComponent(code), filters };
  } catch {
    return null;
  }
}
