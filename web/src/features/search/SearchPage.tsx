import { Button, Dropdown, Field, Option, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';

import { searchEntityTypesQuery } from '../../lib/entityTypes';
import { usePageTitle } from '../../lib/pageTitle';
import { useTypedSegment } from '../../lib/typedPath';
import type { StatusChoice } from './api';
import { SearchBox } from '../../components/search/SearchBox';
import { useSearchRowStyles } from '../../components/search/searchRowStyles';
import { searchStatusOptions } from '../../components/search/StatusDropdown';
import { SearchHelp } from './SearchHelp';
import { SearchResults } from './SearchResults';
import { keepSearchDraft, searchDraft } from './searchDraft';
import { isRunnable, readRouteSearch, searchPath, type RouteSearch } from './searchRoute';

// Spec 1 §9. What is typed is kept for the address 200 ms after the last key (the box itself
// follows every key at once). A change of what to search in, or of the status, to a search on
// screen runs it again 500 ms after the last change — several types ticked make one search — while
// Search and Enter run it at once.
export const searchValueDebounceMs = 200;
export const searchNavigationDelayMs = 500;

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
  },
  heading: { margin: 0 },
  // Search and its help stay together, whatever wraps.
  buttons: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
});

// The search screen (spec 1 §2): text with suggestions, what to search in, the status, a help
// page, and the results a page at a time. The address holds the search, so back, forward and
// reload show the same results; the text shows as it was typed, though the address is lower-cased.
export function SearchPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const params = useParams();
  const [query] = useSearchParams();
  const read = readRouteSearch(params, query);
  const text = useTypedSegment(read.text);
  const asked = { ...read, text: read.text === '' ? '' : text };
  usePageTitle(asked.text ? `“${asked.text}” · Search` : null);

  return (
    <div className={styles.page}>
      <Title2 as="h1" className={styles.heading}>
        Search
      </Title2>
      <SearchForm initial={asked} onSearch={(search) => navigate(searchPath({ ...search, page: 1 }))} />
      <SearchResults asked={asked} onNavigate={(search) => navigate(searchPath(search))} />
    </div>
  );
}

interface SearchFormProps {
  initial: RouteSearch;
  onSearch(search: RouteSearch): void;
}

// The search's own fields, started from the address each time it changes (or from what was typed
// there and not searched yet).
function SearchForm({ initial, onSearch }: SearchFormProps) {
  const styles = useStyles();
  const row = useSearchRowStyles();
  const location = useLocation();
  const { data: types } = useQuery(searchEntityTypesQuery);
  const addressKey = `${location.key}|${initial.entities.join(',')}|${initial.text}|${initial.status}`;
  const [syncedTo, setSyncedTo] = useState(addressKey);
  const [text, setText] = useState(() => searchDraft(location.key) ?? initial.text);
  const [entities, setEntities] = useState<string[]>(initial.entities);
  const [status, setStatus] = useState<StatusChoice>(initial.status);
  // Changes of the filters not searched yet, and whether a list of them is open.
  const [filtersChanged, setFiltersChanged] = useState(0);
  const [choosing, setChoosing] = useState(false);
  if (syncedTo !== addressKey) {
    setSyncedTo(addressKey);
    setText(searchDraft(location.key) ?? initial.text);
    setEntities(initial.entities);
    setStatus(initial.status);
    setFiltersChanged(0);
  }

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

  // The entry a search left: what was typed there has been searched, and is no draft.
  const searchedFrom = useRef<string | null>(null);
  const search = (searchText = text, event?: FormEvent) => {
    event?.preventDefault();
    searchedFrom.current = location.key;
    keepSearchDraft(location.key, null);
    setFiltersChanged(0);
    onSearch({ entities: chosen, text: searchText, status, page: 1 });
  };

  // The words typed reach the address's draft once the typing pauses.
  const entry = location.key;
  const typedOver = initial.text;
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (searchedFrom.current !== entry) keepSearchDraft(entry, text === typedOver ? null : text);
    }, searchValueDebounceMs);
    return () => window.clearTimeout(timer);
  }, [entry, text, typedOver]);

  // A changed filter searches again once the person has stopped choosing.
  const latest = useRef(search);
  useEffect(() => {
    latest.current = search;
  });
  const showing = isRunnable(initial);
  useEffect(() => {
    if (filtersChanged === 0 || choosing || !showing) return undefined;
    const timer = window.setTimeout(() => latest.current(), searchNavigationDelayMs);
    return () => window.clearTimeout(timer);
  }, [filtersChanged, choosing, showing]);

  return (
    <form className={row.row} role="search" aria-label="Search cases, people and documents" onSubmit={(event) => search(text, event)}>
      <Field label="Search for" className={row.text}>
        <SearchBox
          label="Search for"
          value={text}
          onChange={setText}
          onSearch={(value) => search(value)}
          entity={chosen.join(',')}
          placeholder="Words, &quot;a phrase&quot;, harb*, -word, a case number"
        />
      </Field>
      <Field label="Search in" className={row.choice}>
        <Dropdown
          multiselect
          aria-label="Search in"
          value={entityText}
          selectedOptions={chosen}
          onOpenChange={(_, data) => setChoosing(data.open)}
          onOptionSelect={(_, data) => {
            const selected = data.selectedOptions;
            const added = selected.find((value) => !chosen.includes(value));
            if (added === 'All' || selected.length === 0) setEntities(['All']);
            else setEntities(selected.filter((value) => value !== 'All'));
            setFiltersChanged((count) => count + 1);
          }}
        >
          {entityOptions.map((option) => (
            <Option key={option.value} value={option.value}>
              {option.text}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Status" className={row.choice}>
        <Dropdown
          aria-label="Status"
          value={searchStatusOptions.find((option) => option.value === status)?.text}
          selectedOptions={[status]}
          onOpenChange={(_, data) => setChoosing(data.open)}
          onOptionSelect={(_, data) => {
            if (!data.optionValue) return;
            setStatus(data.optionValue as StatusChoice);
            setFiltersChanged((count) => count + 1);
          }}
        >
          {searchStatusOptions.map((option) => (
            <Option key={option.value} value={option.value}>
              {option.text}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary">
          Search
        </Button>
        <SearchHelp />
      </div>
    </form>
  );
}
