import { Body1, Caption1, Link, MessageBar, MessageBarBody, Spinner, Title3, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { LoadingMask } from '../../components/LoadingMask';
import { appHref } from '../../lib/environment';
import { formatDateTime, useDateFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import { reportKeys, reportViewQuery, type ReportFilterValue, type ReportView } from './api';
import { FiltersUsed } from './FiltersUsed';
import { ReportChartView } from './ReportChartView';
import { ReportTable } from './ReportTable';
import { reportPanelPath } from './paths';

const useStyles = makeStyles({
  // The viewer page: everything within the window, each part scrolling on its own.
  page: {
    boxSizing: 'border-box',
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    '@media (max-width: 474px)': { padding: tokens.spacingHorizontalS },
  },
  // In the information bar: one column in a box of a fixed height, which scrolls.
  panel: {
    position: 'relative',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    overflowY: 'auto',
    overflowX: 'hidden',
  },
  header: {
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    maxHeight: '30%',
    overflowY: 'auto',
  },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
  // Charts beside the table on a wide window, above it on a narrow one; both scroll inside.
  content: {
    flexGrow: 1,
    minHeight: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
    gridTemplateRows: 'minmax(0, 1fr)',
    '@media (max-width: 899px)': {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gridTemplateRows: 'minmax(0, 1fr) minmax(0, 1fr)',
    },
  },
  tableOnly: {
    gridTemplateColumns: 'minmax(0, 1fr)',
    gridTemplateRows: 'minmax(0, 1fr)',
    '@media (max-width: 899px)': { gridTemplateRows: 'minmax(0, 1fr)' },
  },
  charts: {
    minHeight: 0,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  tableArea: { position: 'relative', minHeight: 0, minWidth: 0 },
  panelTable: { position: 'relative', height: '360px', flexShrink: 0 },
});

export type ViewerVariant = 'page' | 'panel';

function ViewerError({ error, reportCode }: { error: Error; reportCode: string }) {
  return (
    <MessageBar intent="error">
      <MessageBarBody>
        {error.message}{' '}
        <Link href={appHref(reportPanelPath(reportCode))} target="_blank" rel="noopener">
          Change the filters
        </Link>
      </MessageBarBody>
    </MessageBar>
  );
}

function ViewerHeader({ view, variant }: { view: ReportView; variant: ViewerVariant }) {
  const styles = useStyles();
  const format = useDateFormat();
  return (
    <header className={styles.header}>
      <Title3 as={variant === 'page' ? 'h1' : 'h3'} className={styles.heading}>
        {view.heading}
      </Title3>
      <FiltersUsed filters={view.filtersUsed} />
      <Caption1 className={styles.muted}>Run {formatDateTime(view.generatedAt, format)}</Caption1>
    </header>
  );
}

// A report run for viewing (spec 2 §7 /reports/report): its heading, the filters it was run with,
// its charts (each with its figures as a table) and its rows, a page at a time. On its own page it
// fills the window without scrolling it; in the information bar's report preview it is a box of the
// height it is given, under a loading mask while a page loads.
export function ReportViewer({
  reportCode,
  filters,
  variant,
  height,
}: {
  reportCode: string;
  filters: readonly ReportFilterValue[];
  variant: ViewerVariant;
  height?: number;
}) {
  const styles = useStyles();
  const [page, setPage] = useState(1);
  const result = useQuery({ ...reportViewQuery(reportCode, filters, page), placeholderData: keepPreviousData });
  const busy = result.isFetching;
  // A run is the list's "Recently run" now.
  const queryClient = useQueryClient();
  const ranAt = result.data?.generatedAt;
  usePageTitle(variant === 'page' && result.data ? `${result.data.heading} · Report` : null);
  useEffect(() => {
    if (ranAt) void queryClient.invalidateQueries({ queryKey: reportKeys.list() });
  }, [ranAt, queryClient]);

  if (result.isPending) {
    return variant === 'panel' ? (
      <div className={styles.panel} style={{ height }}>
        <LoadingMask label="Running the report…" />
      </div>
    ) : (
      <div className={styles.page}>
        <Spinner label="Running the report…" />
      </div>
    );
  }
  if (result.isError) {
    return (
      <div className={variant === 'panel' ? styles.panel : styles.page}>
        <ViewerError error={result.error} reportCode={reportCode} />
      </div>
    );
  }
  const view = result.data;
  const charts = view.charts.map((chart, index) => <ReportChartView key={`${index}:${chart.title}`} chart={chart} headingLevel={variant === 'page' ? 2 : 4} />);

  if (variant === 'panel') {
    return (
      <section className={styles.panel} style={{ height }} aria-label={`${view.heading}: report preview`} data-testid="report-preview">
        <ViewerHeader view={view} variant={variant} />
        {charts}
        <div className={styles.panelTable}>
          <ReportTable view={view} busy={busy} onPage={setPage} />
        </div>
        {busy && <LoadingMask label="Running the report…" />}
      </section>
    );
  }
  return (
    <div className={styles.page}>
      <ViewerHeader view={view} variant={variant} />
      {view.totalRows === 0 && charts.length === 0 ? (
        <Body1>No rows match these filters.</Body1>
      ) : (
        <div className={mergeClasses(styles.content, charts.length === 0 && styles.tableOnly)}>
          {charts.length > 0 && (
            <section className={styles.charts} aria-label="Charts">
              {charts}
            </section>
          )}
          <div className={styles.tableArea}>
            <ReportTable view={view} busy={busy} onPage={setPage} />
            {busy && <LoadingMask label="Loading the rows…" />}
          </div>
        </div>
      )}
    </div>
  );
}
