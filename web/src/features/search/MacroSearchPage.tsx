import { Button, Dropdown, Option } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import type { SearchStatus } from '../../components/search/StatusDropdown';
import { answer, api } from '../../lib/api';
import type { SearchResultItem } from '../../lib/api/types';
import { searchEntityTypesQuery } from '../../lib/entityTypes';
import { answerMacroSearch, isAnswered, isMacroSearchState, type MacroAnswer, type MacroSearchState } from '../../lib/macroSearch';
import { usePageTitle } from '../../lib/pageTitle';
import { useWindowWidth } from '../../lib/screen';
import { SearchFields, SearchFrame } from './SearchFrame';

const pageSize = 10;

// The macro entity search (spec 2 §2): reached through the history state that carries a macro's
// search page data (lib/macroSearch.ts); without it, or once answered, back to where it came from.
// The person searches the types the macro offers, with suggestions, a status and help;
// double-clicking (or opening) a row picks it for the macro, and Choose none answers that there is
// none; New, when the macro allows it and after a search, makes a record that, once saved, is the
// answer.
export function MacroSearchPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = isMacroSearchState(location.state) ? location.state : null;
  const parent = location.pathname.replace(/\/macrosearch$/, '') || '/home';
  // Answered already (by a record made from it, say), it is passed by on the way back.
  const answered = state !== null && isAnswered(state);
  useEffect(() => {
    if (!state) navigate(parent, { replace: true });
    else if (answered) navigate(state.returnTo, { replace: true });
  }, [state, answered, navigate, parent]);
  if (!state || answered) return null;
  return <MacroSearch state={state} />;
}

function MacroSearch({ state }: { state: MacroSearchState }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const width = useWindowWidth();
  const data = state.macroSearch;
  const { data: types } = useQuery(searchEntityTypesQuery);
  const [text, setText] = useState(data.defaultUserSearch);
  const [entities, setEntities] = useState<string[]>(data.entityCodes);
  const [status, setStatus] = useState<SearchStatus>(data.includeDeregisteredObsolete ? 'all' : 'active');
  const [asked, setAsked] = useState<{ text: string; entities: string[]; status: SearchStatus; page: number } | null>(
    data.defaultUserSearch ? { text: data.defaultUserSearch, entities: data.entityCodes, status, page: 1 } : null,
  );
  const [askingForSearch, setAskingForSearch] = useState(false);
  usePageTitle(data.prompt || 'Choose a record');

  const allTypes = [
    ...(types?.caseEntityTypes ?? []).map((type) => ({ ...type, kind: 'case' as const })),
    ...(types?.personTypes ?? []).map((type) => ({ ...type, kind: 'person' as const })),
  ];
  // The types the macro offers: those it names, or every type of the kind it asks for.
  const offered = allTypes.filter((type) =>
    data.entityCodes.length > 0
      ? data.entityCodes.some((code) => code.toLowerCase() === type.ref.toLowerCase())
      : data.entityType === 'All' || (data.entityType === 'Case') === (type.kind === 'case'),
  );

  const results = useQuery({
    queryKey: ['macro-search', data.macroExecutionCorrelationId, asked],
    queryFn: () =>
      answer(
        api.POST('/macroSearch', {
          body: {
            searchEntity: (asked?.entities ?? []).map((entity) => ({ entity })),
            searchString: asked?.text ?? '',
            entityStatus: asked?.status,
            page: asked?.page ?? 1,
            pageSize,
            macroExecutionCorrelationId: data.macroExecutionCorrelationId,
          },
        }),
      ),
    enabled: asked !== null,
    retry: false,
  });

  const answerWith = (answer: MacroAnswer) => {
    navigate(state.returnTo, { replace: true });
    answerMacroSearch(state, answer);
  };
  const pick = (item: SearchResultItem) => {
    if (item.entity === 'Case' || item.entity === 'Person') answerWith({ entity: item.entity, entityIdentifier: item.entityIdentifier });
  };

  const create = (ref: string) => {
    if (asked === null) {
      setAskingForSearch(true);
      return;
    }
    // Beneath the search, carrying the question: the record, once saved, is the answer.
    const type = offered.find((each) => each.ref === ref);
    if (type) navigate(`${pathname.replace(/\/+$/, '')}/new/${type.kind}/${type.ref.toLowerCase()}`, { state });
  };

  return (
    <SearchFrame
      heading={data.prompt || 'Choose a record'}
      actions={<Button onClick={() => answerWith({})}>Choose none</Button>}
      fields={
        <SearchFields
          label="Macro search"
          text={text}
          onTextChange={setText}
          onSearch={(value) => setAsked({ text: value, entities, status, page: 1 })}
          entity={entities.join(',')}
          searchIn={
            <Dropdown
              multiselect
              aria-label="Search in"
              value={offered.filter((type) => entities.includes(type.ref)).map((type) => type.name).join(', ')}
              selectedOptions={entities}
              onOptionSelect={(_, option) => setEntities(option.selectedOptions.length > 0 ? option.selectedOptions : data.entityCodes)}
            >
              {offered.map((type) => (
                <Option key={type.ref} value={type.ref}>
                  {type.name}
                </Option>
              ))}
            </Dropdown>
          }
          status={status}
          onStatusChange={setStatus}
          create={
            data.allowNew &&
            offered
              .filter((type) => type.canCreate)
              .map((type) => (
                <Button key={type.ref} icon={<AddRegular />} onClick={() => create(type.ref)}>
                  New {type.name}
                </Button>
              ))
          }
        />
      }
      asked={asked}
      idleText="Search, then double-click the record the macro needs."
      results={results}
      showRelevance={width >= 800}
      onOpen={(item) => pick(item)}
      onPage={(page) => asked && setAsked({ ...asked, page })}
      askingForSearch={askingForSearch}
      onAskingForSearchClose={() => setAskingForSearch(false)}
    />
  );
}
