// The display name of an alternate name (spec 2 §4): made from the name parts — first name, middle
// names, surname — unless the person writes their own; clearing it, or writing exactly what the parts
// make, hands it back to the parts. Cut to 100 characters, as the server does.
export interface NameParts {
  FirstName: string;
  MiddleNames: string;
  Surname: string;
}

export const nameLimit = 100;

export function templateName(parts: NameParts): string {
  const made = [parts.FirstName, parts.MiddleNames, parts.Surname]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  return [...made].slice(0, nameLimit).join('');
}

export interface DisplayNameState {
  displayName: string;
  // Written by the person: the parts no longer change it.
  edited: boolean;
}

// Where a stored name starts: written by hand when it differs from what its parts make.
export function initialDisplayName(displayName: string, parts: NameParts): DisplayNameState {
  return { displayName, edited: displayName !== '' && displayName !== templateName(parts) };
}

export function afterPartChange(state: DisplayNameState, parts: NameParts): DisplayNameState {
  return state.edited ? state : { displayName: templateName(parts), edited: false };
}

export function afterDisplayNameEdit(value: string, parts: NameParts): DisplayNameState {
  const made = templateName(parts);
  if (value.trim() === '' || value === made) return { displayName: made, edited: false };
  return { displayName: value, edited: true };
}
