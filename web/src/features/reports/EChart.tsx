import { makeStyles } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';

import type { ReportChart } from './api';
import { useChartColours } from './chartColours';
import { chartOption, chartSummary } from './chartOptions';
import { init } from './echarts';

const useStyles = makeStyles({
  chart: { width: '100%', height: '100%', minHeight: '200px' },
});

// Before the box has been laid out (and where nothing is, as in tests) a chart takes this size.
const fallbackSize = { width: 480, height: 260 };

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

// One chart drawn by ECharts into its box, redrawn when the theme changes and resized with the box.
// The box is an image to assistive technology, named by the chart's summary (ECharts' aria label
// is set to the same words, so that the two never disagree).
export function EChart({ chart }: { chart: ReportChart }) {
  const styles = useStyles();
  const box = useRef<HTMLDivElement>(null);
  const colours = useChartColours();
  const summary = chartSummary(chart);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, null, {
      renderer: 'svg',
      width: element.clientWidth || fallbackSize.width,
      height: element.clientHeight || fallbackSize.height,
    });
    instance.setOption(chartOption(chart, colours, !prefersReducedMotion()));
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0 && element.clientHeight > 0) instance.resize({ width: element.clientWidth, height: element.clientHeight });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
    };
  }, [chart, colours]);

  return <div ref={box} className={styles.chart} role="img" aria-label={summary} data-testid="report-chart" />;
}
