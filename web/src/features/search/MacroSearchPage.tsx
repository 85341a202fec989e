import {
  Body1,
  Button,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { MessageDialog } from '../../components/Dialogs';
import { ResultsPager } from '../../components/search/ResultsPager';
import { SearchBox } from '../../components/search/SearchBox';
import { answer, api } from '../../lib/api';
import type { SearchResultItem } from '../../lib/api/types';
import { searchEntityTypesQuery } from '../../lib/entityTypes';
import { runSearchFirst } from '../../lib/lookup';
import { answerMacroSearch, isAnswered, isMacroSearchState, type MacroAnswer, type MacroSearchState } from '../../lib/macroSearch';
import { usePageTitle } from '../../lib/pageTitle';
import { useWindowWidth } from '../../lib/screen';
import type { StatusChoice } from './api';
import { ResultsGrid } from './ResultsGrid';
import { SearchHelp } from './SearchHelp';
import { statusOptions } from './SearchPage';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
  },
  heading: { margin: 0 },
  top: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  text: { minWidth: '220px', flexGrow: 1, maxWidth: '520px' },
  choice: { minWidth: '180px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

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
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const width = useWindowWidth();
  const data = state.macroSearch;
  const { data: types } = useQuery(searchEntityTypesQuery);
  const [text, setText] = useState(data.defaultUserSearch);
  const [entities, setEntities] = useState<string[]>(data.entityCodes);
  const [status, setStatus] = useState<StatusChoice>(data.includeDeregisteredObsolete ? 'all' : 'active');
  const [asked, setAsked] = useState<{ text: string; entities: string[]; status: StatusChoice; page: number } | null>(
    data.defaultUserSearch ? { text: data.defaultUserSearch, entities: data.entityCodes, status, page: 1 } : null,
  );
  const [message, setMessage] = useState<string | null>(null);
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
      setMessage(runSearchFirst.text);
      return;
    }
    // Beneath the search, carrying the question: the record, once saved, is the answer.
    const type = offered.find((each) => each.ref === ref);
    if (type) navigate(`${pathname.replace(/\/+$/, '')}/new/${type.kind}/${type.ref.toLowerCase()}`, { state });
  };

  const answerData = results.data;
  const pages = answerData ? Math.max(1, Math.ceil(answerData.totalCount / answerData.pageSize)) : 1;
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <Title2 as="h1" className={styles.heading}>
          {data.prompt || 'Choose a record'}
        </Title2>
        <Button onClick={() => answerWith({})}>Choose none</Button>
      </div>
      <form
        className={styles.form}
        role="search"
        aria-label="Macro search"
        onSubmit={(event) => {
          event.preventDefault();
          setAsked({ text, entities, status, page: 1 });
        }}
      >
        <Field label="Search for" className={styles.text}>
          <SearchBox label="Search for" value={text} onChange={setText} onSearch={(value) => setAsked({ text: value, entities, status, page: 1 })} entity={entities.join(',')} />
        </Field>
        <Field label="Search in" className={styles.choice}>
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
        </Field>
        <Field label="Status" className={styles.choice}>
          <Dropdown
            aria-label="Status"
            value={statusOptions.find((option) => option.value === status)?.text}
            selectedOptions={[status]}
            onOptionSelect={(_, option) => option.optionValue && setStatus(option.optionValue as StatusChoice)}
          >
            {statusOptions.map((option) => (
              <Option key={option.value} value={option.value}>
                {option.text}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Button type="submit" appearance="primary">
          Search
        </Button>
        <SearchHelp />
        {data.allowNew &&
          offered
            .filter((type) => type.canCreate)
            .map((type) => (
              <Button key={type.ref} icon={<AddRegular />} onClick={() => create(type.ref)}>
                New {type.name}
              </Button>
            ))}
      </form>
      {asked === null ? (
        <Body1 className={styles.muted}>Search, then double-click the record the macro needs.</Body1>
      ) : results.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{results.error.message}</MessageBarBody>
        </MessageBar>
      ) : !answerData ? (
        <Spinner label="Searching…" />
      ) : (
        <>
          <Text role="status" className={styles.muted}>
            {answerData.totalCount === 0 ? 'No results' : `${answerData.totalCount.toLocaleString()} result${answerData.totalCount === 1 ? '' : 's'}`}
          </Text>
          {answerData.searchResult.length > 0 && (
            <ResultsGrid results={answerData.searchResult} terms={answerData.searchTerms} showRelevance={width >= 800} onOpen={(item) => pick(item)} />
          )}
          {pages > 1 && <ResultsPager page={asked.page} pages={pages} width={width} onPage={(page) => setAsked({ ...asked, page })} />}
        </>
      )}
      <MessageDialog open={message !== null} title={runSearchFirst.title} onClose={() => setMessage(null)}>
        {message ?? ''}
      </MessageDialog>
    </div>
  );
}
