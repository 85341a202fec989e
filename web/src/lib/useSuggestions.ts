import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

// Suggestions wait until the person has stopped typing for this long.
export const suggestionDelayMs = 200;

export interface Suggestions<T> {
  // Those found for the text as it is now.
  items: T[];
  // The text has not yet been searched for, or its search is on its way.
  searching: boolean;
  // The search for the text failed.
  failed: boolean;
}

// What the server suggests for the text being typed (at least one character), asked for once the
// person pauses. Meanwhile the last answer stays, narrowed to what still matches the text, so that
// the list does not flicker; the answer for the text itself is shown whole (the server may match
// on more than is shown).
export function useSuggestions<T, Key extends QueryKey>(
  text: string,
  queryFor: (settled: string) => UseQueryOptions<T[], Error, T[], Key>,
  matches: (item: T, typed: string) => boolean,
): Suggestions<T> {
  const typed = text.trim();
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(typed), suggestionDelayMs);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const query = useQuery({ ...queryFor(settled), enabled: settled !== '', placeholderData: keepPreviousData });
  if (typed === '') return { items: [], searching: false, failed: false };
  const current = typed === settled && !query.isPlaceholderData;
  const found = query.data ?? [];
  return {
    items: current ? found : found.filter((item) => matches(item, typed)),
    searching: typed !== settled || query.isFetching,
    failed: typed === settled && query.isError,
  };
}
