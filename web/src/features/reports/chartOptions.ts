import type { ReportChart } from './api';
import type { ChartOption } from './echarts';

// The colours a chart draws with, from the Fluent theme in use (lib/theme.ts): the series' colours,
// its text, and its lines.
export interface ChartColours {
  palette: string[];
  text: string;
  axis: string;
  gridLine: string;
  background: string;
  fontFamily: string;
}

// Series colours that stand at least 3:1 against white (WCAG 1.4.11), in an order that keeps
// neighbours apart for the common kinds of colour blindness; patterns tell them apart as well.
export const defaultPalette = ['#0F6CBD', '#C43501', '#107C10', '#8764B8', '#8A6400', '#B4009E', '#03787C', '#4F52B2'];

// Bright colours on the black of the high-contrast theme.
export const highContrastPalette = ['#FFFF00', '#00FFFF', '#3FF23F', '#FF80FF', '#FFFFFF', '#FFB000', '#8CB4FF', '#FF6B6B'];

const chartKinds: Record<ReportChart['type'], string> = {
  bar: 'Bar chart',
  line: 'Line chart',
  pie: 'Pie chart',
  stacked: 'Stacked bar chart',
};

function listOf(items: readonly string[], most = 6): string {
  const shown = items.slice(0, most).join(', ');
  return items.length > most ? `${shown} and ${items.length - most} more` : shown;
}

// What a screen reader says for the chart (its role is img): what it shows, over what, and its
// largest value; the table alternative holds every number.
export function chartSummary(chart: ReportChart): string {
  const parts = [`${chartKinds[chart.type]}: ${chart.title}.`];
  const over = chart.categoryLabel ? `${chart.categoryLabel}: ` : '';
  parts.push(`${chart.categories.length} ${chart.categories.length === 1 ? 'category' : 'categories'} (${over}${listOf(chart.categories)}).`);
  if (chart.series.length > 1 || chart.type === 'stacked') parts.push(`Series: ${listOf(chart.series.map((series) => series.name))}.`);
  const points = chart.series.flatMap((series) =>
    series.data.map((value, index) => ({ value, category: chart.categories[index] ?? '', series: series.name })),
  );
  const top = points.reduce<{ value: number; category: string; series: string } | null>(
    (best, point) => (point.value !== null && (best === null || point.value > best.value) ? { ...point, value: point.value } : best),
    null,
  );
  if (top !== null) {
    const { value, category, series } = top;
    const of = chart.series.length > 1 ? `${series}, ${category}` : category;
    parts.push(`Highest: ${of}, ${value.toLocaleString()}${chart.valueLabel ? ` ${chart.valueLabel}` : ''}.`);
  } else {
    parts.push('No values.');
  }
  return parts.join(' ');
}

function axisStyle(colours: ChartColours) {
  return {
    axisLabel: { color: colours.text, fontFamily: colours.fontFamily },
    axisLine: { lineStyle: { color: colours.axis } },
    axisTick: { lineStyle: { color: colours.axis } },
    nameTextStyle: { color: colours.text, fontFamily: colours.fontFamily },
  };
}

// The ECharts option of a report chart: bars, lines, stacked bars (bars sharing one stack) or pies
// (one per series, side by side), patterned as well as coloured (aria decals), in the theme's
// colours, described by chartSummary.
export function chartOption(chart: ReportChart, colours: ChartColours, animate: boolean): ChartOption {
  const common: ChartOption = {
    animation: animate,
    color: colours.palette,
    backgroundColor: 'transparent',
    textStyle: { color: colours.text, fontFamily: colours.fontFamily },
    aria: { enabled: true, decal: { show: true }, label: { enabled: true, description: chartSummary(chart) } },
    legend: {
      show: chart.series.length > 1 || chart.type === 'pie',
      type: 'scroll',
      bottom: 0,
      textStyle: { color: colours.text, fontFamily: colours.fontFamily },
      pageTextStyle: { color: colours.text },
      pageIconColor: colours.text,
      pageIconInactiveColor: colours.gridLine,
    },
    tooltip: {
      trigger: chart.type === 'pie' ? 'item' : 'axis',
      confine: true,
      backgroundColor: colours.background,
      borderColor: colours.axis,
      textStyle: { color: colours.text, fontFamily: colours.fontFamily },
    },
  };
  if (chart.type === 'pie') {
    const count = Math.max(chart.series.length, 1);
    return {
      ...common,
      legend: { ...common.legend, data: chart.categories },
      series: chart.series.map((series, index) => ({
        type: 'pie',
        name: series.name,
        center: [`${((index + 0.5) / count) * 100}%`, '45%'],
        radius: `${Math.min(60, 80 / count)}%`,
        label: { color: colours.text, fontFamily: colours.fontFamily },
        itemStyle: { borderColor: colours.background, borderWidth: 1 },
        // A category without a value has no slice.
        data: chart.categories.flatMap((category, at) => {
          const value = series.data[at];
          return value === null || value === undefined ? [] : [{ name: category, value }];
        }),
      })),
    };
  }
  const legendRoom = chart.series.length > 1 ? 40 : 16;
  return {
    ...common,
    grid: { left: 16, right: 24, top: chart.valueLabel ? 40 : 24, bottom: legendRoom, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    xAxis: { type: 'category', data: chart.categories, name: chart.categoryLabel, nameLocation: 'middle', nameGap: 28, ...axisStyle(colours) },
    yAxis: {
      type: 'value',
      name: chart.valueLabel,
      ...axisStyle(colours),
      splitLine: { lineStyle: { color: colours.gridLine } },
    },
    series: chart.series.map((series) =>
      chart.type === 'line'
        ? { type: 'line', name: series.name, data: series.data, symbolSize: 7 }
        : { type: 'bar', name: series.name, data: series.data, ...(chart.type === 'stacked' ? { stack: 'total' } : {}) },
    ),
  };
}
