import {
  Avatar,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
} from '@fluentui/react-components';
import { useState, type ChangeEvent, type KeyboardEvent } from 'react';

import { useRecipientSuggestions, type ReportRecipient } from './recipientsApi';
import { usernamesOf, withRecipients } from './scheduleDraft';
import { SearchStateOption, SpokenSearchState, disabledWhen, useSuggestionPickerStyles } from './suggestionPicker';


const lower = (name: string) => name.toLowerCase();

// The colleague as the list offers them: name and username, and where the report would go.
function optionText(recipient: ReportRecipient): string {
  return `${recipient.displayName} (${recipient.username})`;
}

// How the suggestions stand, in words: for the list while it has no one to offer, and read out.
function stateWords(offered: number, searching: boolean, failed: boolean, typed: string): string {
  if (offered > 0) return offered === 1 ? '1 colleague found' : `${offered} colleagues found`;
  if (searching) return 'Looking for colleagues…';
  if (failed) return 'Colleagues could not be looked up: type their usernames.';
  return `No colleague matches “${typed}”`;
}

// Who it is sent to, by username: each a tag showing the colleague's name when known (removed
// with its button, or Backspace). Usernames typed then Enter or a comma are added as they are (a
// colleague's whole name, spaces and all, is them); while typing, the colleagues who match are offered (the arrow keys then Enter, or a click), one
// without an e-mail address shown but not to be chosen.
export function RecipientsControl({
  recipients,
  currentUsername,
  onChange,
}: {
  recipients: string[];
  currentUsername: string;
  onChange: (recipients: string[]) => void;
}) {
  const styles = useSuggestionPickerStyles();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // The names of the colleagues chosen or typed that the suggestions told of, by username.
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const suggestions = useRecipientSuggestions(text);
  const chosen = new Set(recipients.map(lower));
  const offered = suggestions.items.filter((recipient) => !chosen.has(lower(recipient.username)));

  const remember = (found: readonly ReportRecipient[]) => {
    if (found.length === 0) return;
    setNames((known) => new Map([...known, ...found.map((recipient) => [lower(recipient.username), recipient.displayName] as const)]));
  };
  const add = (typed: string) => {
    const added = usernamesOf(typed);
    if (added.length === 0) return;
    const wanted = new Set(added.map(lower));
    remember(suggestions.items.filter((recipient) => wanted.has(lower(recipient.username))));
    onChange(withRecipients(recipients, added));
  };
  const pick = (username: string) => {
    const recipient = suggestions.items.find((each) => each.username === username);
    if (!recipient || recipient.email === null) return;
    remember([recipient]);
    onChange(withRecipients(recipients, [recipient.username]));
    setText('');
  };
  const typing = (value: string) => {
    // Pasted as well as typed, the colleagues who match are offered.
    setOpen(true);
    // What comes before the last comma is names; after it, a name still being typed — spaces
    // included, so that "Ana Analyst" is looked for whole (Enter takes several usernames at once).
    const split = value.search(/[,;\n][^,;\n]*$/);
    if (split < 0) {
      setText(value);
      return;
    }
    add(value.slice(0, split));
    setText(value.slice(split + 1));
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter on a colleague the arrow keys reached is the picker's: it chooses them.
    if (event.key !== 'Enter' || event.currentTarget.getAttribute('aria-activedescendant')) return;
    event.preventDefault();
    // A colleague's whole name typed is them; anything else is usernames.
    const named = suggestions.items.find((recipient) => recipient.email !== null && lower(recipient.displayName) === lower(text.trim()));
    if (named) {
      pick(named.username);
      return;
    }
    add(text);
    setText('');
  };

  const typed = text.trim();
  const state = stateWords(offered.length, suggestions.searching, suggestions.failed, typed);
  const list =
    typed === '' ? undefined : (
      <TagPickerList aria-busy={suggestions.searching || undefined}>
        {offered.length > 0 ? (
          offered.map((recipient) => (
            <TagPickerOption
              key={recipient.username}
              value={recipient.username}
              text={optionText(recipient)}
              className={recipient.email === null ? styles.unavailable : undefined}
              {...disabledWhen(recipient.email === null)}
              media={<Avatar size={24} name={recipient.displayName} color="colorful" aria-hidden />}
              secondaryContent={recipient.email ?? 'no e-mail address'}
            >
              {optionText(recipient)}
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
        selectedOptions={recipients}
        onOptionSelect={(_, data) => {
          if (chosen.has(lower(data.value))) onChange(recipients.filter((name) => name !== data.value));
          else pick(data.value);
        }}
      >
        <TagPickerControl>
          <TagPickerGroup aria-label="Recipients">
            {recipients.map((name) => {
              const known = names.get(lower(name)) ?? name;
              const shown = lower(name) === lower(currentUsername) ? `${known} (you)` : known;
              // The name read out holds the text shown (WCAG 2.5.3), after what pressing does.
              return (
                <Tag key={name} value={name} shape="rounded" aria-label={`Remove ${shown}`}>
                  {shown}
                </Tag>
              );
            })}
          </TagPickerGroup>
          <TagPickerInput
            data-field="recipients"
            value={text}
            placeholder={recipients.length === 0 ? 'Type a username, then Enter' : undefined}
            onChange={(event: ChangeEvent<HTMLInputElement>) => typing(event.target.value)}
            onKeyDown={keyDown}
            onBlur={() => {
              add(text);
              setText('');
            }}
          />
        </TagPickerControl>
        {list}
      </TagPicker>
      <SpokenSearchState state={state} typed={typed} />
    </>
  );
}
