import { useMemo } from 'react';

import { themeFor, useHighContrast } from '../../lib/theme';
import { defaultPalette, highContrastPalette, type ChartColours } from './chartOptions';

// The chart's colours from the Fluent theme in use: ECharts draws with colour values, not with
// the CSS variables the rest of the page takes its colours from.
export function useChartColours(): ChartColours {
  const highContrast = useHighContrast();
  return useMemo(() => {
    const theme = themeFor(highContrast);
    return {
      palette: highContrast ? highContrastPalette : defaultPalette,
      text: theme.colorNeutralForeground1,
      axis: theme.colorNeutralStroke1,
      gridLine: theme.colorNeutralStroke2,
      background: theme.colorNeutralBackground1,
      fontFamily: theme.fontFamilyBase,
    };
  }, [highContrast]);
}
