import { describe, expect, it } from 'vitest';

import type { SearchResultItem } from '../../lib/api/types';
import { matchBand, relevanceTellsApart } from './relevance';

const row = (relevance: number) => ({ relevance }) as SearchResultItem;

describe('how well a result matches', () => {
  it('is told in four bands of its weight against the best result of the search', () => {
    expect(matchBand(1)).toEqual({ level: 4, word: 'Best match' });
    expect(matchBand(0.9)).toEqual({ level: 4, word: 'Best match' });
    expect(matchBand(0.89)).toEqual({ level: 3, word: 'Strong match' });
    expect(matchBand(0.65)).toEqual({ level: 3, word: 'Strong match' });
    expect(matchBand(0.64)).toEqual({ level: 2, word: 'Partial match' });
    expect(matchBand(0.35)).toEqual({ level: 2, word: 'Partial match' });
    expect(matchBand(0.34)).toEqual({ level: 1, word: 'Weak match' });
    expect(matchBand(0.01)).toEqual({ level: 1, word: 'Weak match' });
  });

  it('is shown only where it tells the rows apart', () => {
    // 100 % and 99 %: the rows are as good as each other, and the column would say nothing.
    expect(relevanceTellsApart([row(1), row(0.99), row(0.97)])).toBe(false);
    expect(relevanceTellsApart([row(1), row(0.99), row(0.6)])).toBe(true);
    // A later page of weaker matches says so, though its rows are alike.
    expect(relevanceTellsApart([row(0.3), row(0.3)])).toBe(true);
    // A list of a type's records, with no words searched for, has no relevance.
    expect(relevanceTellsApart([row(0), row(0)])).toBe(false);
  });
});
