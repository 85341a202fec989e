import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { answer, reportingApi } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { reportKeys } from './api';

export type ReportRecipient = Schemas['ReportRecipient'];

// The suggestions wait until the person has stopped typing for this long.
export const recipientSearchDelayMs = 200;

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

export interface RecipientSuggestions {
  // Those found that match the text as it is now.
  recipients: ReportRecipient[];
  // The text has not yet been searched for, or its search is on its way.
  searching: boolean;
  // The search for the text failed.
  failed: boolean;
}

// The colleagues that match what the person is typing, asked for once they pause. Meanwhile the
// last answer stays, narrowed to what still matches, so that the list does not flicker.
export function useRecipientSuggestions(text: string): RecipientSuggestions {
  const typed = text.trim();
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(typed), recipientSearchDelayMs);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const query = useQuery({ ...recipientsQuery(settled), enabled: settled !== '', placeholderData: keepPreviousData });
  if (typed === '') return { recipients: [], searching: false, failed: false };
  return {
    recipients: (query.data ?? []).filter((recipient) => matches(recipient, typed)),
    searching: typed !== settled || query.isFetching,
    failed: typed === settled && query.isError,
  };
}
