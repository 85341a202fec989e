import { queryOptions } from '@tanstack/react-query';

import { answer, reportingApi } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { suggestionDelayMs, useSuggestions, type Suggestions } from '../../lib/useSuggestions';
import { reportKeys } from './api';

export type ReportRecipient = Schemas['ReportRecipient'];

export const recipientSearchDelayMs = suggestionDelayMs;

export const recipientKeys = {
  search: (search: string) => [...reportKeys.all, 'recipients', search.toLowerCase()] as const,
};

// Colleagues a schedule may be sent to whose username, name or e-mail address contains the text:
// at most 20, by name; one without an e-mail address has email null.
export function recipientsQuery(search: string) {
  return queryOptions({
    queryKey: recipientKeys.search(search),
    queryFn: () => answer(reportingApi.GET('/reports/recipients', { params: { query: { search } } })).then((answered) => answered.recipients),
    staleTime: 60_000,
  });
}

function matches(recipient: ReportRecipient, text: string): boolean {
  const wanted = text.toLowerCase();
  return [recipient.username, recipient.displayName, recipient.email ?? ''].some((value) => value.toLowerCase().includes(wanted));
}

// The colleagues that match what the person is typing (lib/useSuggestions).
export function useRecipientSuggestions(text: string): Suggestions<ReportRecipient> {
  return useSuggestions(text, recipientsQuery, matches);
}
