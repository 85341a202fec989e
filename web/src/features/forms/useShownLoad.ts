import { useState } from 'react';

import type { FormLoadResult } from '../../lib/api/types';
import { dirtyForms, samePath } from '../../lib/dirtyForms';
import { useStore } from '../../lib/store';

export interface ShownLoad {
  load: FormLoadResult;
  // Changes when the form is to start again from the stored values (part of the form's key).
  at: number;
}

interface Held extends ShownLoad {
  of: string;
}

// The load a form shows. Whatever refreshes records in the background (a grid's change on the
// record, the hub's resync after a long absence) loads the form again; while the person has
// unsaved changes the form keeps the load they are editing, so that nothing they typed is lost and
// a save is still made at the version they saw (someone else's save in between answers 409, as it
// should). Once the form is clean again, the newest load is shown; an explicit reload (`adopt`) at
// once. `of` names the record asked for: another record's load is never held for it.
export function useShownLoad(latest: { data: FormLoadResult | undefined; at: number }, of: string, path: string) {
  const forms = useStore(dirtyForms);
  const editing = [...forms.values()].some((form) => samePath(form.path, path));
  const [held, setHeld] = useState<Held | null>(null);
  const mine = held !== null && held.of === of ? held : null;
  const newer = latest.data !== undefined && (mine === null || mine.at !== latest.at);
  if (newer && (mine === null || !editing)) setHeld({ load: latest.data as FormLoadResult, at: latest.at, of });
  const shown: ShownLoad | null = mine ?? (latest.data !== undefined ? { load: latest.data, at: latest.at } : null);
  const adopt = (load: FormLoadResult, at: number) => setHeld({ load, at, of });
  return { shown, adopt };
}
