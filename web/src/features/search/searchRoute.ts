import type { StatusChoice } from './api';

// What the address says about a search: search/{entityType}/{searchString}, where entityType is
// All, Documents, a type ref or several refs joined by commas; an empty text with types is
// search?in=REF; the status and page ride in the query string.
export interface RouteSearch {
  entities: string[];
  text: string;
  status: StatusChoice;
  page: number;
}

export function readRouteSearch(params: { entityType?: string; searchString?: string }, query: URLSearchParams): RouteSearch {
  const types = params.entityType ?? query.get('in') ?? '';
  const entities = types.split(',').map((each) => each.trim()).filter((each) => each !== '');
  const status = query.get('status');
  const page = Number(query.get('page') ?? '1');
  return {
    entities: entities.length === 0 ? ['All'] : entities,
    text: params.searchString ?? '',
    status: status === 'inactive' || status === 'all' ? status : 'active',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

// A search runs when there is text, or a type other than All to list.
export function isRunnable(search: RouteSearch): boolean {
  return search.text.trim() !== '' || search.entities.some((entity) => entity !== 'All');
}

export function searchPath(search: RouteSearch): string {
  const query = new URLSearchParams();
  if (search.status !== 'active') query.set('status', search.status);
  if (search.page > 1) query.set('page', String(search.page));
  const entities = search.entities.length === 0 ? ['All'] : search.entities;
  const text = search.text.trim();
  if (text === '') {
    if (!entities.every((entity) => entity === 'All')) query.set('in', entities.join(','));
    const tail = query.toString();
    return `/search${tail ? `?${tail}` : ''}`;
  }
  const tail = query.toString();
  return `/search/${encodeURIComponent(entities.join(','))}/${encodeURIComponent(text)}${tail ? `?${tail}` : ''}`;
}
