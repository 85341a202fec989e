import { Dropdown, Option, makeStyles } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { NewMenu } from '../../components/NewMenu';
import { readSearchStatus, type SearchStatus } from '../../components/search/StatusDropdown';
import { answer, api } from '../../lib/api';
import type { SearchResultItem } from '../../lib/api/types';
import { useParentCrumbLabel } from '../../lib/breadcrumbs';
import { searchEntityTypesQuery } from '../../lib/entityTypes';
import { openInNewTab } from '../../lib/navigation';
import { usePageTitle } from '../../lib/pageTitle';
import { useParentCrumb, useParentName, useParentPreview, useParentRecord } from '../../lib/parentRecord';
import { recordPath } from '../../lib/records';
import { useWindowWidth } from '../../lib/screen';
import { searchQuery, searchSetupQuery } from './api';
import { kindOf } from './ResultsGrid';
import { beneathRecord, readRecordSearch, recordSearchQuery, type RecordSearch } from './recordSearch';
import { SearchFields, SearchFrame } from './SearchFrame';

const useStyles = makeStyles({
  // A case number is not broken at its hyphens.
  name: { whiteSpace: 'nowrap' },
});

// Spec 1 §9: the grid's page size comes from the server; until it has said, 5.
const initialPageSize = 5;

// The search beneath a record (spec 2 routes: case/{caseNumber}/search, person/{personId}/search),
// opened by "Search from here" on the record: the search screen's fields, with the record kept in
// view — its preview beside the results, its name in the breadcrumb — so that what is found opens
// beneath it (a related person or case, a document of it) and Back returns here, and New makes a
// record of a type the server lets the person create for it (spec 1 §7), after a search (spec 1 §5).
export function RecordSearchPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const parent = useParentRecord();
  const parentName = useParentName(parent);
  useParentPreview(parent);
  useParentCrumbLabel(useParentCrumb(parent));
  usePageTitle(`Search from ${parentName}`);
  const asked = readRecordSearch(query);
  const width = useWindowWidth();
  const [message, setMessage] = useState(false);

  const setup = useQuery(searchSetupQuery);
  const pageSize = setup.data?.pageSize ?? initialPageSize;
  const searched = query.has('q');
  const runnable = searched && (asked.text.trim() !== '' || asked.entities.some((entity) => entity !== 'All'));
  const results = useQuery({ ...searchQuery({ ...asked, pageSize }), enabled: runnable && !setup.isPending });
  const creatable = useQuery({
    queryKey: ['record-search-create-types', parent.kind, parent.identifier.toLowerCase()],
    queryFn: () =>
      answer(
        api.GET('/search/CanCreateLookupEntityTypes', {
          params: { query: { parentIdentifier: parent.identifier, parentEntityType: parent.kind === 'case' ? 'Case' : 'Person', isParentEntityNew: 'false' } },
        }),
      ),
    staleTime: 60_000,
  });
  const createTypes = [
    ...(creatable.data?.canCreateCaseEntityTypesList ?? []).map((type) => ({ ...type, kind: 'case' as const })),
    ...(creatable.data?.canCreatePersonTypesList ?? []).map((type) => ({ ...type, kind: 'person' as const })),
  ];

  const go = (next: RecordSearch) => navigate(`${location.pathname}?${recordSearchQuery(next)}`, { replace: true });

  const open = (item: SearchResultItem, newTab: boolean) => {
    if (newTab) {
      const kind = kindOf(item);
      const own =
        item.entity === 'Document' && item.caseNumber
          ? `${recordPath('case', item.caseNumber)}/documentproperties/${encodeURIComponent(item.entityIdentifier.toLowerCase())}`
          : kind
            ? recordPath(kind, item.entityIdentifier)
            : null;
      if (own) openInNewTab(own);
      return;
    }
    const beneath = beneathRecord(parent, item);
    if (beneath) navigate(beneath);
  };

  const create = (kind: 'case' | 'person', typeRef: string) => {
    if (!searched) {
      setMessage(true);
      return;
    }
    navigate(`${location.pathname.replace(/\/+$/, '')}/new/${kind}/${encodeURIComponent(typeRef.toLowerCase())}`);
  };

  return (
    <SearchFrame
      label="Search from this record"
      heading={
        <>
          Search from <span className={styles.name}>{parentName}</span>
        </>
      }
      caption="Find the records that concern it: what you open stays beneath it, and a new one is made for it."
      fields={
        <RecordSearchForm
          key={`${asked.entities.join(',')}|${asked.text}|${asked.status}`}
          initial={asked}
          onSearch={(search) => go({ ...search, page: 1 })}
          createTypes={createTypes}
          onCreate={create}
        />
      }
      asked={runnable ? asked : null}
      idleText="Type what to look for, or choose a type to list its records, then press Search."
      results={results}
      showRelevance={width >= 800 && asked.text.trim() !== ''}
      onOpen={open}
      onPage={(page) => go({ ...asked, page })}
      onIncludeAll={() => go({ ...asked, status: 'all', page: 1 })}
      askingForSearch={message}
      onAskingForSearchClose={() => setMessage(false)}
    />
  );
}

function RecordSearchForm({
  initial,
  onSearch,
  createTypes,
  onCreate,
}: {
  initial: RecordSearch;
  onSearch: (search: RecordSearch) => void;
  createTypes: ReadonlyArray<{ kind: 'case' | 'person'; valueField: string; textField: string }>;
  onCreate: (kind: 'case' | 'person', typeRef: string) => void;
}) {
  const { data: types } = useQuery(searchEntityTypesQuery);
  const [text, setText] = useState(initial.text);
  const [entities, setEntities] = useState<string[]>(initial.entities);
  const [status, setStatus] = useState<SearchStatus>(initial.status);

  const entityOptions = [
    { value: 'All', text: 'All' },
    ...(types?.caseEntityTypes ?? []).map((each) => ({ value: each.ref, text: each.name })),
    ...(types?.personTypes ?? []).map((each) => ({ value: each.ref, text: each.name })),
    { value: 'Documents', text: 'Documents' },
  ];
  const optionOf = (value: string) => entityOptions.find((option) => option.value.toLowerCase() === value.toLowerCase());
  const chosen = entities.map((value) => optionOf(value)?.value ?? value);

  return (
    <SearchFields
      label="Search from this record"
      text={text}
      onTextChange={setText}
      onSearch={(searchText) => onSearch({ entities: chosen, text: searchText, status: readSearchStatus(status), page: 1 })}
      entity={chosen.join(',')}
      placeholder="Words, a name, a case number"
      searchIn={
        <Dropdown
          multiselect
          aria-label="Search in"
          value={chosen.map((value) => optionOf(value)?.text ?? value).join(', ')}
          selectedOptions={chosen}
          onOptionSelect={(_, data) => {
            const selected = data.selectedOptions;
            const added = selected.find((value) => !chosen.includes(value));
            if (added === 'All' || selected.length === 0) setEntities(['All']);
            else setEntities(selected.filter((value) => value !== 'All'));
          }}
        >
          {entityOptions.map((option) => (
            <Option key={option.value} value={option.value}>
              {option.text}
            </Option>
          ))}
        </Dropdown>
      }
      status={status}
      onStatusChange={setStatus}
      create={
        createTypes.length > 0 && (
          <NewMenu
            choices={createTypes}
            keyOf={(type) => `${type.kind}:${type.valueField}`}
            textOf={(type) => type.textField}
            onChoose={(type) => onCreate(type.kind, type.valueField)}
          />
        )
      }
    />
  );
}
