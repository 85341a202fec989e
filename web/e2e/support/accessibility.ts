import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { animationsFinished } from './fixtures';

// What axe finds serious or critical on the page once it has settled, one line per rule and the
// elements it found; a check expects none. Settled first because a dialog still fading in has its
// text at part opacity, which axe measures as too little contrast.
// Fluent's focus management keeps invisible focus guards (tabster "dummy" elements) at the edges
// of menus and drawers; they are aria-hidden on purpose and hand focus on at once, so axe's
// aria-hidden-focus rule does not apply to them.
// The rule that a control's name contains its visible text (WCAG 2.5.3, for people who speak to
// their browser) is still experimental in axe, so it is switched on here.
export async function seriousViolations(page: Page): Promise<string[]> {
  await animationsFinished(page);
  const results = await new AxeBuilder({ page })
    .exclude('[data-tabster-dummy]')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
