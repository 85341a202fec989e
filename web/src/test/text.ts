import type { MatcherFunction } from '@testing-library/react';

// Finds the element whose whole text is the given sentence, even when a link or emphasis splits it
// into several nodes (the innermost such element).
export function sentence(text: string): MatcherFunction {
  return (_, element) =>
    element?.textContent === text && [...element.children].every((child) => child.textContent !== text);
}
