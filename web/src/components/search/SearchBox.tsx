import { Combobox, Option } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

import { answer, api } from '../../lib/api';

// Completions of the last word typed, from records of the chosen types.
export async function fetchSuggestions(text: string, entity: string): Promise<string[]> {
  const found = await answer(api.GET('/search/SearchSuggest', { params: { query: { searchString: text, searchEntity: entity } } }));
  return found.suggestItems.map((item) => item.text);
}

// Spec 1 §9: suggestions are asked for 500 ms after the last key.
export const suggestionDelayMs = 500;

interface SearchBoxProps {
  value: string;
  onChange(text: string): void;
  // Enter, or a suggestion picked: search now.
  onSearch(text: string): void;
  // The entity the suggestions come from: All, a type ref, Documents.
  entity: string;
  label: string;
  className?: string;
  placeholder?: string;
}

// A text box that offers completions of the word being typed, from records the person may see.
export function SearchBox({ value, onChange, onSearch, entity, label, className, placeholder }: SearchBoxProps) {
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const typed = useRef(false);
  // Each search started ends the suggestions asked for before it: a list opening after Enter would
  // sit over what the search opened (a page, or the unsaved-changes question).
  const searches = useRef(0);
  const search = (text: string) => {
    typed.current = false;
    searches.current += 1;
    setOpen(false);
    setSuggestions([]);
    onSearch(text);
  };

  useEffect(() => {
    if (!typed.current || value.trim() === '' || /\s$/.test(value)) {
      setSuggestions([]);
      return;
    }
    let current = true;
    const asked = searches.current;
    const timer = window.setTimeout(() => {
      fetchSuggestions(value, entity)
        .then((items) => {
          if (!current || asked !== searches.current) return;
          setSuggestions(items.filter((item) => item.toLocaleLowerCase() !== value.toLocaleLowerCase()));
          setOpen(items.length > 0);
        })
        .catch(() => current && setSuggestions([]));
    }, suggestionDelayMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [value, entity]);

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !(open && suggestions.length > 0)) {
      event.preventDefault();
      search(value);
    }
    if (event.key === 'Escape') setOpen(false);
  };

  return (
    <Combobox
      className={className}
      freeform
      aria-label={label}
      placeholder={placeholder}
      value={value}
      open={open && suggestions.length > 0}
      onOpenChange={(_, data) => setOpen(data.open)}
      expandIcon={<SearchRegular aria-hidden />}
      onChange={(event) => {
        typed.current = true;
        onChange(event.target.value);
      }}
      onKeyDown={keyDown}
      onOptionSelect={(_, data) => {
        if (data.optionText === undefined) return;
        onChange(data.optionText);
        search(data.optionText);
      }}
    >
      {suggestions.map((item) => (
        <Option key={item} value={item}>
          {item}
        </Option>
      ))}
    </Combobox>
  );
}
