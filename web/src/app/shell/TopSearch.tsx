import { Button, Dropdown, Input, Option, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { searchEntityTypesQuery } from '../../features/entities/api';

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

  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    navigate(trimmed ? `/search/${encodeURIComponent(type)}/${encodeURIComponent(trimmed)}` : '/search');
  };

  return (
    <form className={styles.form} role="search" aria-label="Search cases, people and documents" onSubmit={search}>
      <Input
        className={styles.input}
        placeholder="Search"
        aria-label="Search for"
        value={text}
        onChange={(_, data) => setText(data.value)}
        contentBefore={<SearchRegular aria-hidden />}
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
