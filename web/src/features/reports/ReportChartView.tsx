import { Button, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { DataBarVerticalRegular, TableRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useId, useState } from 'react';

import { Loading } from '../../components/LoadingMask';
import type { ReportChart } from './api';
import { ChartTable } from './ChartTable';

// ECharts loads with the first chart shown, not with the reports area's list.
const EChart = lazy(() => import('./EChart').then((module) => ({ default: module.EChart })));

const useStyles = makeStyles({
  figure: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    margin: 0,
    minWidth: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
  },
  caption: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  body: { height: '260px', minWidth: 0, overflow: 'auto' },
});

// A chart of the report with its title, and the choice to see its figures as a table instead.
export function ReportChartView({ chart, headingLevel = 2 }: { chart: ReportChart; headingLevel?: 2 | 3 | 4 }) {
  const styles = useStyles();
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <figure className={styles.figure} aria-labelledby={titleId}>
      <figcaption className={styles.caption}>
        <Subtitle2 as={`h${headingLevel}`} id={titleId}>
          {chart.title}
        </Subtitle2>
        <Button
          size="small"
          icon={asTable ? <DataBarVerticalRegular /> : <TableRegular />}
          onClick={() => setAsTable(!asTable)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </figcaption>
      <div className={styles.body}>
        {asTable ? (
          <ChartTable chart={chart} />
        ) : (
          <Suspense fallback={<Loading label="Drawing the chart…" />}>
            <EChart chart={chart} />
          </Suspense>
        )}
      </div>
    </figure>
  );
}
