import type { SearchResultItem } from '../../lib/api/types';

// How well a result matches, in words a person can use. The server's relevance is the result's
// weight over the best weight of the whole search (1 for the best); in the percent it once showed,
// most rows of a name search read 100 % or 99 %, which told nobody anything. Four bands instead,
// and the column only where they tell the rows apart (decisions.md "Search: relevance as a band").
export interface MatchBand {
  level: 1 | 2 | 3 | 4;
  word: 'Best match' | 'Strong match' | 'Partial match' | 'Weak match';
}

export function matchBand(relevance: number): MatchBand {
  if (relevance >= 0.9) return { level: 4, word: 'Best match' };
  if (relevance >= 0.65) return { level: 3, word: 'Strong match' };
  if (relevance >= 0.35) return { level: 2, word: 'Partial match' };
  return { level: 1, word: 'Weak match' };
}

// Whether the relevance column says something about these rows: not when every one of them is a
// best match (they are as good as each other), nor for a list without words searched for.
export function relevanceTellsApart(results: readonly SearchResultItem[]): boolean {
  return results.some((item) => item.relevance > 0 && matchBand(item.relevance).level < 4);
}
