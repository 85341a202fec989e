import { Button, Dropdown, Option, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { searchEntityTypesQuery } from '../../lib/entityTypes';
import { SearchBox } from '../../components/search/SearchBox';
import { searchPath } from '../../features/search/searchRoute';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
    flexShrink: 1,
  },
  input: {
    minWidth: '120px',
    width: '280px',
  },
  type: {
    minWidth: '130px',
  },
});


// The search box of the top bar (spec 1 §2): text, type, and a Search button that goes to the
// search route.
export function TopSearch() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [type, setType] = useState('All');
  const { data: types } = useQuery(searchEntityTypesQuery);
  // All, each case type, each person type, Documents (spec 1 §2).
  const searchTypes = [
    { value: 'All', text: 'All' },
    ...(types?.caseEntityTypes ?? []).map((each) => ({ value: each.ref, text: each.name })),
    ...(types?.personTypes ?? []).map((each) => ({ value: each.ref, text: each.name })),
    { value: 'Documents', text: 'Documents' },
  ];

  const search = (searchText: string, event?: FormEvent) => {
    event?.preventDefault();
    navigate(searchPath({ entities: [type], text: searchText, status: 'active', page: 1 }));
  };

  return (
    <form className={styles.form} role="search" aria-label="Search cases, people and documents" onSubmit={(event) => search(text, event)}>
      <SearchBox
        className={styles.input}
        placeholder="Search"
        label="Search for"
        value={text}
        onChange={setText}
        onSearch={search}
        entity={type}
      />
      <Dropdown
        className={styles.type}
        aria-label="Search in"
        value={searchTypes.find((option) => option.value === type)?.text ?? type}
        selectedOptions={[type]}
        onOptionSelect={(_, data) => data.optionValue && setType(data.optionValue)}
      >
        {searchTypes.map((option) => (
          <Option key={option.value} value={option.value}>
            {option.text}
          </Option>
        ))}
      </Dropdown>
      <Button type="submit" appearance="primary">
        Search
      </Button>
    </form>
  );
}
