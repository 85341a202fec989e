import {
  Body1,
  Button,
  Caption1,
  Dropdown,
  Field,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, SearchRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { MessageDialog } from '../../components/Dialogs';
import { ResultsPager } from '../../components/search/ResultsPager';
import { SearchBox } from '../../components/search/SearchBox';
import { StatusDropdown, readSearchStatus, type SearchStatus } from '../../components/search/StatusDropdown';
import { answer, api } from '../../lib/api';
import type { SearchResultItem } from '../../lib/api/types';
import { useParentCrumbLabel } from '../../lib/breadcrumbs';
import { searchEntityTypesQuery } from '../../lib/entityTypes';
import { runSearchFirst } from '../../lib/lookup';
import { openInNewTab } from '../../lib/navigation';
import { usePageTitle } from '../../lib/pageTitle';
import { useParentCrumb, useParentName, useParentPreview, useParentRecord } from '../../lib/parentRecord';
import { recordPath } from '../../lib/records';
import { useWindowWidth } from '../../lib/screen';
import { searchQuery, searchSetupQuery } from './api';
import { ResultsGrid, kindOf } from './ResultsGrid';
import { beneathRecord, readRecordSearch, recordSearchQuery, type RecordSearch } from './recordSearch';
import { SearchHelp } from './SearchHelp';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
    minWidth: 0,
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: {
    margin: 0,
    // On a small screen the record's name still fits on its line.
    '@media (max-width: 474px)': { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  },
  // A case number is not broken at its hyphens.
  name: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  text: { minWidth: '220px', flexGrow: 1, maxWidth: '520px' },
  choice: { minWidth: '180px' },
  hint: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
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

  const answerData = results.data;
  const pages = answerData ? Math.max(1, Math.ceil(answerData.totalCount / answerData.pageSize)) : 1;

  return (
    <section className={styles.page} aria-label="Search from this record">
      <div className={styles.header}>
        <Title2 as="h1" className={styles.heading}>
          Search from <span className={styles.name}>{parentName}</span>
        </Title2>
        <Caption1 className={styles.muted}>Find the records that concern it: what you open stays beneath it, and a new one is made for it.</Caption1>
      </div>
      <RecordSearchForm
        key={`${asked.entities.join(',')}|${asked.text}|${asked.status}`}
        initial={asked}
        onSearch={(search) => go({ ...search, page: 1 })}
        createTypes={createTypes}
        onCreate={create}
      />
      {!runnable ? (
        <Body1 className={styles.muted}>Type what to look for, or choose a type to list its records, then press Search.</Body1>
      ) : results.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{results.error.message}</MessageBarBody>
        </MessageBar>
      ) : !answerData ? (
        <Spinner label="Searching…" />
      ) : (
        <>
          <Text role="status" className={styles.muted}>
            {answerData.totalCount === 0
              ? 'No results'
              : `${answerData.totalIsExact ? '' : 'About '}${answerData.totalCount.toLocaleString()} result${answerData.totalCount === 1 ? '' : 's'}${pages > 1 ? ` · page ${asked.page} of ${pages.toLocaleString()}` : ''}`}
          </Text>
          {answerData.totalCount === 0 && answerData.otherStatusCount > 0 && asked.status !== 'all' && (
            <div className={styles.hint}>
              <Text>
                {`${answerData.otherStatusCount.toLocaleString()} ${asked.status === 'active' ? 'closed or obsolete' : 'active'} record${answerData.otherStatusCount === 1 ? '' : 's'} match.`}
              </Text>
              <Button onClick={() => go({ ...asked, status: 'all', page: 1 })}>Include them</Button>
            </div>
          )}
          {answerData.searchResult.length > 0 && (
            <ResultsGrid results={answerData.searchResult} terms={answerData.searchTerms} showRelevance={width >= 800 && asked.text.trim() !== ''} onOpen={open} />
          )}
          {pages > 1 && <ResultsPager page={asked.page} pages={pages} width={width} onPage={(page) => go({ ...asked, page })} />}
        </>
      )}
      <MessageDialog open={message} title={runSearchFirst.title} onClose={() => setMessage(false)}>
        {runSearchFirst.text}
      </MessageDialog>
    </section>
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
  const styles = useStyles();
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

  const search = (searchText = text, event?: FormEvent) => {
    event?.preventDefault();
    onSearch({ entities: chosen, text: searchText, status: readSearchStatus(status), page: 1 });
  };

  return (
    <form className={styles.form} role="search" aria-label="Search from this record" onSubmit={(event) => search(text, event)}>
      <Field label="Search for" className={styles.text}>
        <SearchBox label="Search for" value={text} onChange={setText} onSearch={(value) => search(value)} entity={chosen.join(',')} placeholder="Words, a name, a case number" />
      </Field>
      <Field label="Search in" className={styles.choice}>
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
      </Field>
      <Field label="Status" className={styles.choice}>
        <StatusDropdown value={status} onChange={setStatus} />
      </Field>
      <Button type="submit" appearance="primary" icon={<SearchRegular />}>
        Search
      </Button>
      {createTypes.length > 0 && (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button icon={<AddRegular />}>New</Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {createTypes.map((type) => (
                <MenuItem key={`${type.kind}:${type.valueField}`} onClick={() => onCreate(type.kind, type.valueField)}>
                  {type.textField}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
      <SearchHelp />
    </form>
  );
}
