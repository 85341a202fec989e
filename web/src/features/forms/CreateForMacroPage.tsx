import { useLocation, useNavigate } from 'react-router';

import type { SaveResult } from '../../lib/api/types';
import { answerMacroSearch, questionFor, type MacroSearchState } from '../../lib/macroSearch';
import type { EntityKind } from '../../lib/records';
import { EntityFormPage } from './EntityFormPage';

// A record made from a macro search (spec 2 §2: "Create from a search goes to
// new/{case|person}/{entityRef}"), beneath the search, with the macro's question in the history
// state (kept while a lookup of the form is open). Saved, it is the person's answer: they return to
// the screen that asked, which sends it on to the macro. Without a question waiting it is an
// ordinary new record.
export function CreateForMacroPage({ kind }: { kind: EntityKind }) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = questionFor(location.pathname, location.state);
  const created = (question: MacroSearchState) => (result: SaveResult) => {
    navigate(question.returnTo, { replace: true });
    answerMacroSearch(question, { entity: kind === 'case' ? 'Case' : 'Person', entityIdentifier: result.identifier });
  };
  return <EntityFormPage kind={kind} isNew onCreated={state ? created(state) : undefined} />;
}
