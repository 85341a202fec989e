import { describe, expect, it } from 'vitest';

import { chartOption, chartSummary, defaultPalette, highContrastPalette, type ChartColours } from './chartOptions';
import { reportView } from './reportFixtures';

const [first] = reportView().charts;
if (!first) throw new Error('The fixture report has a chart.');
const chart = first;
const colours = (palette: string[], text: string): ChartColours => ({ palette, text, axis: text, gridLine: '#ccc', background: '#000', fontFamily: 'Segoe UI' });

describe('a report chart', () => {
  it('is summed up in words for a screen reader: what it shows, over what, and its largest value', () => {
    expect(chartSummary(chart)).toBe(
      'Stacked bar chart: Cases by status. 2 categories (Status: Open, Closed). Series: Complaint, Licence application. Highest: Complaint, Closed, 1,200 cases.',
    );
  });

  it('draws patterns as well as colours, described by that summary', () => {
    const option = chartOption(chart, colours(defaultPalette, '#242424'), false);
    expect(option.aria).toEqual({ enabled: true, decal: { show: true }, label: { enabled: true, description: chartSummary(chart) } });
  });

  it('stacks a stacked chart’s bars on one stack', () => {
    const series = chartOption(chart, colours(defaultPalette, '#242424'), false).series as Array<{ type: string; stack?: string }>;
    expect(series.map((each) => [each.type, each.stack])).toEqual([
      ['bar', 'total'],
      ['bar', 'total'],
    ]);
    const bars = chartOption({ ...chart, type: 'bar' }, colours(defaultPalette, '#242424'), false).series as Array<{ stack?: string }>;
    expect(bars.every((each) => each.stack === undefined)).toBe(true);
  });

  it('takes the theme’s colours: the high-contrast palette and light text on the high-contrast theme', () => {
    const option = chartOption(chart, colours(highContrastPalette, '#ffffff'), false);
    expect(option.color).toEqual(highContrastPalette);
    expect(option.textStyle).toMatchObject({ color: '#ffffff' });
  });

  it('draws a pie per series, without slices for categories that have no value', () => {
    const pie = chartOption({ ...chart, type: 'pie' }, colours(defaultPalette, '#242424'), false).series as Array<{ type: string; data: unknown[] }>;
    expect(pie.map((each) => [each.type, each.data])).toEqual([
      ['pie', [{ name: 'Open', value: 12 }, { name: 'Closed', value: 1200 }]],
      ['pie', [{ name: 'Open', value: 3 }]],
    ]);
  });
});
