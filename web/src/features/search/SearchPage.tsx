import { Button, Dropdown, Field, Option, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { searchEntityTypesQuery } from '../../lib/entityTypes';
import { usePageTitle } from '../../lib/pageTitle';
import { useTypedSegment } from '../../lib/typedPath';
import type { StatusChoice } from './api';
import { SearchBox } from '../../components/search/SearchBox';
import { SearchHelp } from './SearchHelp';
import { SearchResults } from './SearchResults';
import { readRouteSearch, searchPath, type RouteSearch } from './searchRoute';

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
});

// In the spec's order (spec 1 §4); Registered/Active is the default.
export const statusOptions: Array<{ value: StatusChoice; text: string }> = [
  { value: 'all', text: 'All' },
  { value: 'active', text: 'Registered/Active' },
  { value: 'inactive', text: 'Deregistered/Obsolete' },
];

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
      <SearchForm key={`${asked.entities.join(',')}|${asked.text}|${asked.status}`} initial={asked} onSearch={(search) => navigate(searchPath({ ...search, page: 1 }))} />
      <SearchResults asked={asked} onNavigate={(search) => navigate(searchPath(search))} />
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
