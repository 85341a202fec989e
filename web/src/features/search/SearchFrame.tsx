import {
  Body1,
  Button,
  Caption1,
  Field,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { MessageDialog } from '../../components/Dialogs';
import { ResultsPager } from '../../components/search/ResultsPager';
import { SearchBox } from '../../components/search/SearchBox';
import { useSearchRowStyles } from '../../components/search/searchRowStyles';
import { StatusDropdown, type SearchStatus } from '../../components/search/StatusDropdown';
import type { SearchResultItem } from '../../lib/api/types';
import { runSearchFirst } from '../../lib/lookup';
import { useWindowWidth } from '../../lib/screen';
import { ResultsGrid } from './ResultsGrid';
import { SearchHelp } from './SearchHelp';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
    minWidth: 0,
  },
  top: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: {
    margin: 0,
    // On a small screen a record's name or a macro's question still fits on its line.
    '@media (max-width: 474px)': { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  },
  muted: { color: tokens.colorNeutralForeground3 },
  hint: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

// What a search answers, as the search and the macro search both do.
export interface SearchAnswer {
  searchResult: SearchResultItem[];
  searchTerms: string[];
  pageSize: number;
  totalCount: number;
  totalIsExact: boolean;
  otherStatusCount: number;
}

export interface SearchFieldsProps {
  // The form's accessible name.
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  // Search pressed, Enter in the box, or a suggestion taken: with the text to search for.
  onSearch: (text: string) => void;
  // The types searched, for the box's suggestions.
  entity: string;
  placeholder?: string;
  // The Search in choice, whose options differ from search to search.
  searchIn: ReactNode;
  status: SearchStatus;
  onStatusChange: (status: SearchStatus) => void;
  // What the person may make from here (spec 1 §5: offered, and asked for only after a search).
  create?: ReactNode;
}

// A search's own fields: the text with suggestions, what to search in, the status, Search and its
// help, and what may be created.
export function SearchFields({ label, text, onTextChange, onSearch, entity, placeholder, searchIn, status, onStatusChange, create }: SearchFieldsProps) {
  const row = useSearchRowStyles();
  return (
    <form
      className={row.row}
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <Field label="Search for" className={row.text}>
        <SearchBox label="Search for" value={text} onChange={onTextChange} onSearch={onSearch} entity={entity} placeholder={placeholder} />
      </Field>
      <Field label="Search in" className={row.choice}>
        {searchIn}
      </Field>
      <Field label="Status" className={row.choice}>
        <StatusDropdown value={status} onChange={onStatusChange} />
      </Field>
      <Button type="submit" appearance="primary" icon={<SearchRegular />}>
        Search
      </Button>
      {create}
      <SearchHelp />
    </form>
  );
}

export interface SearchFrameProps {
  // The page's accessible name, where it is a region of its own.
  label?: string;
  heading: ReactNode;
  caption?: ReactNode;
  // Beside the heading (the macro search's Choose none).
  actions?: ReactNode;
  // The search's fields (SearchFields), kept by the page so that it decides when they start over.
  fields: ReactNode;
  // What was asked (its page and status), or null before anything was.
  asked: { page: number; status: SearchStatus } | null;
  // Shown until something is asked.
  idleText: string;
  results: UseQueryResult<SearchAnswer, Error>;
  showRelevance: boolean;
  onOpen: (item: SearchResultItem, newTab: boolean) => void;
  onPage: (page: number) => void;
  // When nothing is found under the status chosen: search again with every status. Without it the
  // records the status left out are not offered.
  onIncludeAll?: () => void;
  // Create chosen before a search: the spec's "run the search first" (spec 1 §5) is shown.
  askingForSearch: boolean;
  onAskingForSearchClose: () => void;
}

// The frame of a search page beneath a record or for a macro: the heading, the fields, and what
// was found — a count, the grid, its pages — or why nothing is shown yet.
export function SearchFrame({
  label,
  heading,
  caption,
  actions,
  fields,
  asked,
  idleText,
  results,
  showRelevance,
  onOpen,
  onPage,
  onIncludeAll,
  askingForSearch,
  onAskingForSearchClose,
}: SearchFrameProps) {
  const styles = useStyles();
  const width = useWindowWidth();
  const answer = results.data;
  const pages = answer ? Math.max(1, Math.ceil(answer.totalCount / answer.pageSize)) : 1;

  return (
    <section className={styles.page} aria-label={label}>
      <div className={styles.top}>
        <div className={styles.header}>
          <Title2 as="h1" className={styles.heading}>
            {heading}
          </Title2>
          {caption && <Caption1 className={styles.muted}>{caption}</Caption1>}
        </div>
        {actions}
      </div>
      {fields}
      {asked === null ? (
        <Body1 className={styles.muted}>{idleText}</Body1>
      ) : results.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{results.error.message}</MessageBarBody>
        </MessageBar>
      ) : !answer ? (
        <Spinner label="Searching…" />
      ) : (
        <>
          <Text role="status" className={styles.muted}>
            {answer.totalCount === 0
              ? 'No results'
              : `${answer.totalIsExact ? '' : 'About '}${answer.totalCount.toLocaleString()} result${answer.totalCount === 1 ? '' : 's'}${pages > 1 ? ` · page ${asked.page} of ${pages.toLocaleString()}` : ''}`}
          </Text>
          {onIncludeAll && answer.totalCount === 0 && answer.otherStatusCount > 0 && asked.status !== 'all' && (
            <div className={styles.hint}>
              <Text>
                {`${answer.otherStatusCount.toLocaleString()} ${asked.status === 'active' ? 'closed or obsolete' : 'active'} record${answer.otherStatusCount === 1 ? '' : 's'} match.`}
              </Text>
              <Button onClick={onIncludeAll}>Include them</Button>
            </div>
          )}
          {answer.searchResult.length > 0 && <ResultsGrid results={answer.searchResult} terms={answer.searchTerms} showRelevance={showRelevance} onOpen={onOpen} />}
          {pages > 1 && <ResultsPager page={asked.page} pages={pages} width={width} onPage={onPage} />}
        </>
      )}
      <MessageDialog open={askingForSearch} title={runSearchFirst.title} onClose={onAskingForSearchClose}>
        {runSearchFirst.text}
      </MessageDialog>
    </section>
  );
}
