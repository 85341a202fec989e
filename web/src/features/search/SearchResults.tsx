import { Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { ErrorReference } from '../../components/ErrorReference';
import type { SearchResultItem } from '../../lib/api/types';
import { openInNewTab } from '../../lib/navigation';
import { recordPath } from '../../lib/records';
import { useWindowWidth } from '../../lib/screen';
import { usePageWidth } from '../../lib/shellColumns';
import { searchQuery, searchSetupQuery } from './api';
import { ResultsGrid, kindOf } from './ResultsGrid';
import { ResultsPager } from '../../components/search/ResultsPager';
import { relevanceTellsApart } from './relevance';
import { isRunnable, type RouteSearch } from './searchRoute';

const useStyles = makeStyles({
  summary: { color: tokens.colorNeutralForeground2 },
  hint: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
});

// Spec 1 §9: the grid's page size comes from the server; until it has said, 5.
const initialPageSize = 5;

// What was left out by the status filter, when nothing was found under it.
function otherStatusWords(status: RouteSearch['status'], count: number): string {
  const records = count === 1 ? 'record' : 'records';
  return status === 'active'
    ? `${count.toLocaleString()} closed or obsolete ${records} match.`
    : `${count.toLocaleString()} active ${records} match.`;
}

// The results of the search in the address: a summary, the grid, the pages, and when nothing is
// found, what the status filter left out.
export function SearchResults({ asked, onNavigate }: { asked: RouteSearch; onNavigate: (search: RouteSearch) => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const width = useWindowWidth();
  // The relevance column comes on wide screens (spec 1 §2): where the page itself is wide enough
  // for it beside the details, the information bar open or not.
  const pageWidth = usePageWidth();
  const setup = useQuery(searchSetupQuery);
  const pageSize = setup.data?.pageSize ?? initialPageSize;
  const runnable = isRunnable(asked);
  const results = useQuery({ ...searchQuery({ ...asked, pageSize }), enabled: runnable && !setup.isPending });

  const open = (item: SearchResultItem, newTab: boolean) => {
    const kind = kindOf(item);
    // A document opens as its properties under its case, which offer Open Parent (spec 2 §2).
    const path =
      item.entity === 'Document' && item.caseNumber
        ? `${recordPath('case', item.caseNumber)}/documentproperties/${encodeURIComponent(item.entityIdentifier.toLowerCase())}`
        : kind
          ? recordPath(kind, item.entityIdentifier)
          : null;
    if (!path) return;
    if (newTab) openInNewTab(path);
    else navigate(path, { state: { from: 'search' } });
  };

  if (!runnable) return <Text>Type what to look for, or choose a type to list its records, then press Search.</Text>;
  if (results.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          {results.error.message}
          <ErrorReference error={results.error} />
        </MessageBarBody>
      </MessageBar>
    );
  }
  if (!results.data) return <Spinner label="Searching…" />;
  const answer = results.data;
  const pages = Math.max(1, Math.ceil(answer.totalCount / answer.pageSize));
  const count = `${answer.totalIsExact ? '' : 'About '}${answer.totalCount.toLocaleString()} result${answer.totalCount === 1 ? '' : 's'}`;
  return (
    <>
      <Text className={styles.summary} role="status">
        {answer.totalCount === 0 ? 'No results' : `${count}${pages > 1 ? ` · page ${asked.page} of ${pages.toLocaleString()}` : ''}`}
      </Text>
      {answer.totalCount === 0 && answer.otherStatusCount > 0 && asked.status !== 'all' && (
        <div className={styles.hint}>
          <Text>{otherStatusWords(asked.status, answer.otherStatusCount)}</Text>
          <Button onClick={() => onNavigate({ ...asked, status: 'all', page: 1 })}>Include them</Button>
        </div>
      )}
      {answer.searchResult.length > 0 && (
        <ResultsGrid results={answer.searchResult} terms={answer.searchTerms} showRelevance={pageWidth >= 600 && asked.text.trim() !== '' && relevanceTellsApart(answer.searchResult)} onOpen={open} />
      )}
      {pages > 1 && <ResultsPager page={asked.page} pages={pages} width={width} onPage={(page) => onNavigate({ ...asked, page })} />}
    </>
  );
}
