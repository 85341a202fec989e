import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';

import { field } from '../../test/layoutComponents';
import { conditionHolds, type Values } from './layoutModel';

// The cases the server's evaluator (server/src/types/json_logic.cpp) is tested on: visibility
// conditions must come out the same in the browser as on the server, which decides what is
// required when a form is saved.
interface Case {
  rule: unknown;
  data: unknown;
  result: unknown;
  note: string;
}

const cases = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../server/tests/types/json_logic_cases.json'), 'utf8'),
) as Case[];

describe('JSON Logic in the browser and on the server', () => {
  it('has the shared cases to compare', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it.each(cases)('$note', ({ rule, data, result }) => {
    expect(jsonLogic.apply(rule as jsonLogic.RulesLogic, data)).toStrictEqual(result);
  });

  it('shows a component exactly when its condition’s result is truthy', () => {
    for (const { rule, data, result, note } of cases) {
      const component = field('TextField', 'f', { visibleWhen: rule });
      expect(conditionHolds(component, data as Values), note).toBe(jsonLogic.truthy(result));
    }
  });
});
