import { afterEach, describe, expect, it } from 'vitest';

import { answerMacroSearch, askMacroSearch, forgetMacroSearches, questionFor, type MacroAnswer, type MacroSearchState } from './macroSearch';

const state: MacroSearchState = {
  macroSearch: {
    entityCodes: ['COMP'],
    entityType: 'Case',
    allowNew: true,
    includeDeregisteredObsolete: false,
    defaultUserSearch: '',
    prompt: 'Choose the complaint',
    macroExecutionCorrelationId: 'run-9',
  },
  returnTo: '/person/42',
};

afterEach(() => forgetMacroSearches());

describe('the question a new record made from a macro search answers', () => {
  it('is the one its history state carries, and is kept for its path while a lookup of the form is open', () => {
    const path = '/person/42/macrosearch/new/case/comp';
    expect(questionFor(path, state)).toEqual(state);
    // Back from a lookup: the same form, without the history state.
    expect(questionFor(`${path}/`, null)).toEqual(state);
    expect(questionFor('/person/42/macrosearch/new/case/other', null)).toBeNull();
  });

  it('is none once answered, so that a second save makes an ordinary record', () => {
    const answers: MacroAnswer[] = [];
    askMacroSearch(() => undefined, '/person/42', state.macroSearch, async (answer) => {
      answers.push(answer);
    });
    const path = '/person/42/macrosearch/new/case/comp';
    expect(questionFor(path, state)).toEqual(state);
    answerMacroSearch(state, { entity: 'Case', entityIdentifier: 'CMP-1' });
    expect(answers).toEqual([{ entity: 'Case', entityIdentifier: 'CMP-1' }]);
    expect(questionFor(path, state)).toBeNull();
  });
});
