import { Body1, Button, MessageBar, MessageBarActions, MessageBarBody, SearchBox, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { usePageTitle } from '../../lib/pageTitle';
import { reportListQuery } from './api';
import { RecentlyRun } from './RecentlyRun';
import { ReportGroupSection } from './ReportGroupSection';
import { reportListView } from './reportList';
import { useExportUpdates, useExports } from './useExports';
import { YourExports } from './YourExports';
import { YourSchedules } from './YourSchedules';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    maxWidth: '1100px',
    '@media (max-width: 474px)': { padding: tokens.spacingHorizontalS },
  },
  heading: { margin: 0 },
  search: { maxWidth: '420px', width: '100%' },
  // The lists, with Recently run beside them where there is room and above them where not.
  columns: {
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    gridTemplateColumns: 'minmax(0, 1fr) minmax(200px, 280px)',
    alignItems: 'start',
    '@media (max-width: 799px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  lists: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  aside: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    minWidth: 0,
    '@media (max-width: 799px)': { order: -1 },
  },
});

// The reports area (spec 1 §2 "reports, reporting"): the reports the person may run, their
// favourites first, then each group's, narrowed by a search of headings and descriptions; beside
// them the reports run last, the person's exports made in the background and the reports they
// have e-mailed on a schedule. A report opens its panel.
export function ReportsPage() {
  const styles = useStyles();
  const [search, setSearch] = useState('');
  const list = useQuery(reportListQuery);
  usePageTitle('Reports');
  useExportUpdates();
  const hasExports = (useExports().data?.exports.length ?? 0) > 0;

  let body;
  if (list.isPending) {
    body = <Spinner label="Loading the reports…" />;
  } else if (list.isError) {
    body = (
      <MessageBar intent="error">
        <MessageBarBody>{list.error.message}</MessageBarBody>
        <MessageBarActions>
          <Button size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  } else if (list.data.reports.length === 0) {
    body = <Body1>There are no reports you may run.</Body1>;
  } else {
    const view = reportListView(list.data.reports, search);
    const searching = search.trim() !== '';
    body = (
      <div className={styles.columns}>
        <div className={styles.lists}>
          {(!searching || view.favourites.length > 0) && (
            <ReportGroupSection title="Favourites" reports={view.favourites} empty="Star a report to keep it here." />
          )}
          {view.groups.map((group) => (
            <ReportGroupSection key={group.name} title={group.name} reports={group.reports} />
          ))}
          {searching && view.groups.length === 0 && <Body1>No reports match “{search.trim()}”.</Body1>}
        </div>
        <aside className={styles.aside} aria-label={hasExports ? 'Recently run reports and your exports' : 'Recently run reports'}>
          <RecentlyRun reports={view.recent} />
          <YourExports />
          <YourSchedules />
        </aside>
      </div>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="reports-title">
      <Title2 as="h1" id="reports-title" className={styles.heading}>
        Reports
      </Title2>
      <SearchBox
        className={styles.search}
        aria-label="Search reports"
        placeholder="Search by heading or description"
        value={search}
        onChange={(_, data) => setSearch(data.value)}
      />
      {body}
    </section>
  );
}
