import { Spinner, TagPickerOption, makeStyles, tokens } from '@fluentui/react-components';

import { visuallyHidden } from '../../lib/visuallyHidden';

// What the report panel's pickers share — the people filter's and the schedule's recipients': how
// an option that cannot be chosen looks, and how the search stands, shown in the list and read out.

export const useSuggestionPickerStyles = makeStyles({
  // Cannot be chosen: dimmed, in high contrast too.
  unavailable: {
    color: tokens.colorNeutralForegroundDisabled,
    cursor: 'default',
    ':hover': { backgroundColor: 'transparent', color: tokens.colorNeutralForegroundDisabled },
    '@media (forced-colors: active)': { color: 'GrayText' },
  },
  // Read out, not shown: the list shows the same.
  spoken: visuallyHidden,
});

// TagPickerOption takes disabled as Option does (neither clicked nor Entered, and aria-disabled),
// though its type leaves it out.
export function disabledWhen(disabled: boolean): object {
  return { disabled };
}

// A listbox holds options only: how the search stands is one that cannot be chosen.
export function SearchStateOption({ state, searching }: { state: string; searching: boolean }) {
  const styles = useSuggestionPickerStyles();
  return (
    <TagPickerOption
      value=""
      text={state}
      className={styles.unavailable}
      media={searching ? <Spinner size="extra-tiny" aria-hidden /> : undefined}
      {...disabledWhen(true)}
    >
      {state}
    </TagPickerOption>
  );
}

// How the search stands, read out as it changes; nothing while nothing is typed.
export function SpokenSearchState({ state, typed }: { state: string; typed: string }) {
  const styles = useSuggestionPickerStyles();
  return (
    <span className={styles.spoken} role="status">
      {typed === '' ? '' : state}
    </span>
  );
}
