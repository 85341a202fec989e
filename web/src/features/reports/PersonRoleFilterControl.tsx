import {
  Avatar,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState, type ChangeEvent } from 'react';

import { useLayout } from '../../components/layout/LayoutContext';
import type { ControlProps } from '../../components/layout/fields/TextControls';
import { chosenPersons, type ChosenPerson } from './reportForm';
import { usePersonSuggestions } from './roleFilterApi';
import { SearchStateOption, SpokenSearchState } from './suggestionPicker';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
});

// How the suggestions stand, in words: for the list while it has no one to offer, and read out.
function stateWords(offered: number, foundChosen: boolean, searching: boolean, failed: boolean, typed: string): string {
  if (offered > 0) return offered === 1 ? '1 person found' : `${offered} people found`;
  if (searching) return 'Looking for people…';
  if (failed) return 'People could not be looked up: try again.';
  return foundChosen ? `No one else matches “${typed}”` : `No one matches “${typed}”`;
}

// A report's people-in-roles filter (PersonRoleField): the persons chosen, each a tag with their
// name (removed with its button, or Backspace); while a name is typed, the persons who hold the
// role and match are offered (the arrow keys then Enter, or a click). A filter of one person
// (multiple false) holds one tag: picking another replaces it. The report's code is the layout's
// parentId (the report panel's).
export function PersonRoleFilterControl({ component, value, readOnly, onChange }: ControlProps) {
  const styles = useStyles();
  const { parentId: reportCode } = useLayout();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const suggestions = usePersonSuggestions(reportCode, component.id, text);
  const chosen = chosenPersons(value);
  const chosenIds = new Set(chosen.map((person) => person.valueField));
  const offered = suggestions.items.filter((person) => !chosenIds.has(person.valueField));

  const change = (persons: ChosenPerson[]) => onChange(persons.length > 0 ? persons : null);
  const pick = (id: string) => {
    const person = suggestions.items.find((each) => each.valueField === id);
    if (!person) return;
    const picked = { valueField: person.valueField, textField: person.textField };
    change(component.multiple ? [...chosen, picked] : [picked]);
    setText('');
  };

  if (readOnly) {
    return (
      <Text className={chosen.length === 0 ? styles.muted : undefined} tabIndex={0}>
        {chosen.length === 0 ? 'None' : chosen.map((person) => person.textField).join(', ')}
      </Text>
    );
  }

  const typed = text.trim();
  const state = stateWords(offered.length, suggestions.items.length > 0, suggestions.searching, suggestions.failed, typed);
  const list =
    typed === '' ? undefined : (
      <TagPickerList aria-busy={suggestions.searching || undefined}>
        {offered.length > 0 ? (
          offered.map((person) => (
            <TagPickerOption
              key={person.valueField}
              value={person.valueField}
              text={person.textField}
              media={<Avatar size={24} name={person.textField} color="colorful" aria-hidden />}
            >
              {person.textField}
            </TagPickerOption>
          ))
        ) : (
          <SearchStateOption state={state} searching={suggestions.searching} />
        )}
      </TagPickerList>
    );

  return (
    <>
      <TagPicker
        disableAutoFocus
        // Without the list, the picker would take its one child (the control) for the list.
        noPopover={list === undefined}
        open={open && list !== undefined}
        onOpenChange={(_, data) => setOpen(data.open)}
        selectedOptions={[...chosenIds]}
        onOptionSelect={(_, data) => {
          if (data.value === '') return;
          if (chosenIds.has(data.value)) change(chosen.filter((person) => person.valueField !== data.value));
          else pick(data.value);
        }}
      >
        <TagPickerControl>
          <TagPickerGroup aria-label={component.label}>
            {chosen.map((person) => (
              // The name read out holds the text shown (WCAG 2.5.3), after what pressing does.
              <Tag key={person.valueField} value={person.valueField} shape="rounded" aria-label={`Remove ${person.textField}`}>
                {person.textField}
              </Tag>
            ))}
          </TagPickerGroup>
          <TagPickerInput
            value={text}
            placeholder={chosen.length === 0 ? 'Type a name' : undefined}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              // Pasted as well as typed, the persons who match are offered.
              setOpen(true);
              setText(event.target.value);
            }}
            onBlur={() => setText('')}
          />
        </TagPickerControl>
        {list}
      </TagPicker>
      <SpokenSearchState state={state} typed={typed} />
    </>
  );
}
