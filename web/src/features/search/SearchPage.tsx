import {
  Button,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ChevronDoubleLeftRegular, ChevronDoubleRightRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { openInNewTab } from '../../lib/navigation';
import type { SearchResultItem } from '../../lib/api/types';
import { useWindowWidth } from '../../lib/screen';
import { searchEntityTypesQuery } from '../../lib/entityTypes';
import { recordPath } from '../../lib/records';
import { searchQuery, type StatusChoice } from './api';
import { pageButtonCount, pageButtons } from './pager';
import { ResultsGrid, kindOf } from './ResultsGrid';
import { SearchBox } from './SearchBox';
import { SearchHelp } from './SearchHelp';
import { isRunnable, readRouteSearch, searchPath, type RouteSearch } from './searchRoute';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
  },
  heading: { margin: 0 },
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
  },
  text: { minWidth: '220px', flexGrow: 1, maxWidth: '520px' },
  choice: { minWidth: '180px' },
  summary: { color: tokens.colorNeutralForeground2 },
  pager: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
});

// In the spec's order (spec 1 §4); Registered/Active is the default.
const statusOptions: Array<{ value: StatusChoice; text: string }> = [
  { value: 'all', text: 'All' },
  { value: 'active', text: 'Registered/Active' },
  { value: 'inactive', text: 'Deregistered/Obsolete' },
];

// The search screen (spec 1 §2): text with suggestions, what to search in, the status, a help
// page, and the results a page at a time. The address holds the search, so back, forward and
// reload show the same results.
export function SearchPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const params = useParams();
  const [query] = useSearchParams();
  const asked = readRouteSearch(params, query);
  const width = useWindowWidth();

  const runnable = isRunnable(asked);
  const results = useQuery({ ...searchQuery(asked), enabled: runnable });

  const open = (item: SearchResultItem, newTab: boolean) => {
    const kind = kindOf(item);
    if (!kind) return;
    const path = recordPath(kind, item.entityIdentifier);
    if (newTab) openInNewTab(path);
    else navigate(path);
  };

  const goToPage = (page: number) => navigate(searchPath({ ...asked, page }));

  const answer = results.data;
  const pages = answer ? Math.max(1, Math.ceil(answer.totalCount / answer.pageSize)) : 0;
  const buttons = pageButtons(asked.page, pages, pageButtonCount(width));

  return (
    <div className={styles.page}>
      <Title2 as="h1" className={styles.heading}>
        Search
      </Title2>
      <SearchForm key={`${asked.entities.join(',')}|${asked.text}|${asked.status}`} initial={asked} onSearch={(search) => navigate(searchPath({ ...search, page: 1 }))} />

      {!runnable && <Text>Type what to look for, or choose a type to list its records, then press Search.</Text>}
      {runnable && results.isPending && <Spinner label="Searching…" />}
      {results.isError && (
        <MessageBar intent="error">
          <MessageBarBody>{results.error.message}</MessageBarBody>
        </MessageBar>
      )}
      {answer && (
        <>
          <Text className={styles.summary} role="status">
            {answer.totalCount === 0
              ? 'No results'
              : `${answer.totalIsExact ? '' : 'About '}${answer.totalCount.toLocaleString()} result${answer.totalCount === 1 ? '' : 's'}${pages > 1 ? ` · page ${asked.page} of ${pages.toLocaleString()}` : ''}`}
          </Text>
          {answer.searchResult.length > 0 && (
            <ResultsGrid
              results={answer.searchResult}
              terms={answer.searchTerms}
              showRelevance={width >= 800 && asked.text.trim() !== ''}
              onOpen={open}
            />
          )}
          {pages > 1 && (
            <nav className={styles.pager} aria-label="Pages of results">
              <Button appearance="subtle" icon={<ChevronDoubleLeftRegular />} aria-label="First page" disabled={asked.page === 1} onClick={() => goToPage(1)} />
              <Button appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Previous page" disabled={asked.page === 1} onClick={() => goToPage(asked.page - 1)} />
              {buttons.map((page) => (
                <Button
                  key={page}
                  appearance={page === asked.page ? 'primary' : 'subtle'}
                  aria-label={`Page ${page}`}
                  aria-current={page === asked.page ? 'page' : undefined}
                  onClick={() => goToPage(page)}
                >
                  {page}
                </Button>
              ))}
              <Button appearance="subtle" icon={<ChevronRightRegular />} aria-label="Next page" disabled={asked.page >= pages} onClick={() => goToPage(asked.page + 1)} />
              <Button appearance="subtle" icon={<ChevronDoubleRightRegular />} aria-label="Last page" disabled={asked.page >= pages} onClick={() => goToPage(pages)} />
            </nav>
          )}
        </>
      )}
    </div>
  );
}

interface SearchFormProps {
  initial: RouteSearch;
  onSearch(search: RouteSearch): void;
}

// The search's own fields, started from the address each time it changes.
function SearchForm({ initial, onSearch }: SearchFormProps) {
  const styles = useStyles();
  const { data: types } = useQuery(searchEntityTypesQuery);
  const [text, setText] = useState(initial.text);
  const [entities, setEntities] = useState<string[]>(initial.entities);
  const [status, setStatus] = useState<StatusChoice>(initial.status);

  const entityOptions = [
    { value: 'All', text: 'All' },
    ...(types?.caseEntityTypes ?? []).map((each) => ({ value: each.ref, text: each.name })),
    ...(types?.personTypes ?? []).map((each) => ({ value: each.ref, text: each.name })),
    { value: 'Documents', text: 'Documents' },
  ];
  // The address is lower-cased: its names are matched to the options in any case.
  const optionOf = (value: string) => entityOptions.find((option) => option.value.toLowerCase() === value.toLowerCase());
  const chosen = entities.map((value) => optionOf(value)?.value ?? value);
  const entityText = chosen.map((value) => optionOf(value)?.text ?? value).join(', ');

  const search = (searchText = text, event?: FormEvent) => {
    event?.preventDefault();
    onSearch({ entities: chosen, text: searchText, status, page: 1 });
  };

  return (
    <form className={styles.form} role="search" aria-label="Search cases, people and documents" onSubmit={(event) => search(text, event)}>
      <Field label="Search for" className={styles.text}>
        <SearchBox
          label="Search for"
          value={text}
          onChange={setText}
          onSearch={(value) => search(value)}
          entity={chosen.join(',')}
          placeholder="Words, &quot;a phrase&quot;, harb*, -word, a case number"
        />
      </Field>
      <Field label="Search in" className={styles.choice}>
        <Dropdown
          multiselect
          aria-label="Search in"
          value={entityText}
          selectedOptions={chosen}
          onOptionSelect={(_, data) => {
            const selected = data.selectedOptions;
            const added = selected.find((value) => !chosen.includes(value));
            if (added === 'All' || selected.length === 0) setEntities(['All']);
            else setEntities(selected.filter((value) => value !== 'All'));
          }}
        >
          {entityOptions.map((option) => (
            <Option key={option.value} value={option.value}>
              {option.text}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Status" className={styles.choice}>
        <Dropdown
          aria-label="Status"
          value={statusOptions.find((option) => option.value === status)?.text}
          selectedOptions={[status]}
          onOptionSelect={(_, data) => data.optionValue && setStatus(data.optionValue as StatusChoice)}
        >
          {statusOptions.map((option) => (
            <Option key={option.value} value={option.value}>
              {option.text}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Button type="submit" appearance="primary">
        Search
      </Button>
      <SearchHelp />
    </form>
  );
}
