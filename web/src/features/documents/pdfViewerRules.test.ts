import { describe, expect, it } from 'vitest';

import { pdfPageLabel, pdfZoom } from './pdfViewerRules';

describe('the PDF viewer’s pages and zoom', () => {
  it('says which page of how many', () => {
    expect(pdfPageLabel(1, 1)).toBe('Page 1 of 1');
    expect(pdfPageLabel(3, 12)).toBe('Page 3 of 12');
  });

  it('zooms by a quarter from the scale drawn, within 25% and 400%', () => {
    expect(pdfZoom('in', 1)).toBe(1.25);
    expect(pdfZoom('out', 1)).toBe(0.8);
    expect(pdfZoom('in', 3.9)).toBe(4);
    expect(pdfZoom('out', 0.26)).toBe(0.25);
  });
});
