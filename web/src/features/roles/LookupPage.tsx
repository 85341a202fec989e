import {
  Body1,
  Button,
  Caption1,
  Dropdown,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  SplitButton,
  Text,
  Title2,
  makeStyles,
  tokens,
  type MenuButtonProps,
} from '@fluentui/react-components';
import { AddRegular, SearchRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';

import { ContextLost } from '../../components/ContextLost';
import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { Loading } from '../../components/LoadingMask';
import { ResultsPager } from '../../components/search/ResultsPager';
import { SearchBox } from '../../components/search/SearchBox';
import { useSearchRowStyles } from '../../components/search/searchRowStyles';
import { StatusDropdown, readSearchStatus, type SearchStatus } from '../../components/search/StatusDropdown';
import { answer, api, ApiError } from '../../lib/api';
import type { SearchResultItem } from '../../lib/api/types';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { searchEntityTypesQuery } from '../../lib/entityTypes';
import { putPick } from '../../lib/formDrafts';
import { runSearchFirst, useLookupPurpose, type AddressParent, type LookupPurpose } from '../../lib/lookup';
import { usePageTitle } from '../../lib/pageTitle';
import type { EntityKind } from '../../lib/records';
import { useScreenClass, useWindowWidth } from '../../lib/screen';
import { addRole, creatableTypesQuery, parentCaseExists } from './api';
import { LookupResults, kindOfItem, titleOfItem } from './LookupResults';
import { createAllowed, lookupPageSize, planPick, type Picked } from './lookupPick';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
    minWidth: 0,
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  hint: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

interface TypeChoice {
  ref: string;  // '' for all of the kind
  name: string;
}

// The entity lookup (spec 2 "Entity lookup search"): search for a case or person to hold a role,
// or for the other case of a cross reference, and pick it; or create one when the server allows.
export function LookupPage() {
  const { roleCode = '', entityType = 'any_person' } = useParams();
  const { purpose, parent } = useLookupPurpose(roleCode, entityType);
  if (!purpose) return <Loading />;
  if (purpose.purpose === 'none') return <LookupWithoutPurpose parent={parent} message={purpose.message} returnTo={purpose.returnTo} />;
  return <Lookup purpose={purpose} parent={parent} roleCode={roleCode} entityType={entityType} />;
}

// Reached where its address cannot say what the choice is for: said, with the way back.
function LookupWithoutPurpose({ parent, message, returnTo }: { parent: AddressParent; message: string; returnTo: string }) {
  useCrumbLabel('Lookup');
  usePageTitle('Lookup');
  return <ContextLost heading="Lookup" label="Lookup" message={message} returnTo={returnTo} backLabel={`Back to ${parentLabel(parent)}`} />;
}

// "CMP-2026-00042", "person 42", "the new case".
function parentLabel(parent: AddressParent): string {
  return parent.isNew ? `the new ${parent.kind}` : parent.kind === 'case' ? parent.identifier.toUpperCase() : `person ${parent.identifier}`;
}

function Lookup({ purpose, parent, roleCode, entityType }: { purpose: LookupPurpose; parent: AddressParent; roleCode: string; entityType: string }) {
  const styles = useStyles();
  const row = useSearchRowStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const screen = useScreenClass();
  const width = useWindowWidth();
  const types = useQuery(searchEntityTypesQuery);
  const roleName = purpose.purpose === 'crossReference' ? 'Cross reference' : (purpose.roleName ?? '');

  // any_case and any_person search every type of the kind the person may see; otherwise one type.
  const openEnded = entityType === 'any_case' || entityType === 'any_person';
  const kind: EntityKind = useMemo(() => {
    if (entityType === 'any_case') return 'case';
    if (entityType === 'any_person') return 'person';
    return types.data?.caseEntityTypes.some((type) => type.ref.toLowerCase() === entityType.toLowerCase()) ? 'case' : 'person';
  }, [entityType, types.data]);
  const ofKind = (kind === 'case' ? types.data?.caseEntityTypes : types.data?.personTypes) ?? [];
  const choices: TypeChoice[] = openEnded
    ? [{ ref: '', name: kind === 'case' ? 'All Cases' : 'All Persons' }, ...ofKind.map((type) => ({ ref: type.ref, name: type.name }))]
    : ofKind.filter((type) => type.ref.toLowerCase() === entityType.toLowerCase()).map((type) => ({ ref: type.ref, name: type.name }));

  const text = searchParams.get('q') ?? '';
  const chosenType = searchParams.get('type') ?? (openEnded ? '' : (choices[0]?.ref ?? entityType.toUpperCase()));
  const status = readSearchStatus(searchParams.get('status'));
  const page = Math.max(1, Number(searchParams.get('page') ?? '1') || 1);
  const searched = searchParams.has('q');
  const [typed, setTyped] = useState(text);

  // One name for the screen, in the breadcrumb, the tab's title and its heading.
  const screenName = roleName ? `Find: ${roleName}` : 'Find a record';
  useCrumbLabel(screenName);
  usePageTitle(screenName);

  const entity = chosenType || (kind === 'case' ? 'Case' : 'Person');
  const results = useQuery({
    queryKey: ['lookup', kind, entity, text, status, page],
    queryFn: () =>
      answer(
        api.POST('/search', {
          body: {
            searchEntity: [chosenType ? { entity: chosenType, parentEntityType: kind === 'case' ? 'Case' : 'Person' } : { entity }],
            searchString: text,
            entityStatus: status,
            page,
            pageSize: lookupPageSize,
          },
        }),
      ),
    enabled: searched && (text.trim() !== '' || chosenType !== ''),
    retry: false,
    staleTime: 0,
  });

  const creatable = useQuery({
    ...creatableTypesQuery(parent.kind, parent.identifier, parent.isNew),
    enabled: purpose.purpose !== 'crossReference',
  });
  const createTypes = (kind === 'case' ? creatable.data?.canCreateCaseEntityTypesList : creatable.data?.canCreatePersonTypesList) ?? [];
  const createChoices = createTypes.filter((type) => openEnded || type.valueField.toLowerCase() === entityType.toLowerCase());
  const mayCreate = createAllowed(purpose, createChoices.length);
  const firstCreate = createChoices[0];

  const [message, setMessage] = useState<{ title: string; text: string } | null>(null);
  const [confirm, setConfirm] = useState<{ picked: Picked; owner: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = (next: string, type = chosenType, nextStatus: SearchStatus = status) => {
    const params = new URLSearchParams({ q: next, page: '1' });
    if (type) params.set('type', type);
    if (nextStatus !== 'active') params.set('status', nextStatus);
    setSearchParams(params, { replace: true, state: location.state });
  };

  const goBack = (to: string) => navigate(to, { replace: true });

  const add = async (picked: Picked, replaceOwner = false) => {
    if (purpose.purpose !== 'grid') return;
    setBusy(true);
    try {
      await addRole({
        holderKind: picked.kind,
        roleCode,
        parentKind: purpose.parentKind,
        parentIdentifier: purpose.parentIdentifier,
        holderIdentifier: picked.identifier,
        replaceOwner,
      });
      goBack(purpose.returnTo);
    } catch (caught) {
      // Role creation errors go to the save error handler (spec 2 §8).
      setMessage({ title: 'Save Error', text: caught instanceof ApiError ? caught.message : String(caught) });
    } finally {
      setBusy(false);
    }
  };

  const pick = async (item: SearchResultItem) => {
    const picked: Picked = { kind: kindOfItem(item), identifier: item.entityIdentifier, display: titleOfItem(item) };
    const plan = planPick(purpose, picked);
    switch (plan.step) {
      case 'setField':
        putPick(plan.returnTo, plan.field, plan.value);
        goBack(plan.returnTo);
        return;
      case 'returnCaseNumber':
        putPick(plan.returnTo, 'CaseNumber', plan.caseNumber);
        goBack(plan.returnTo);
        return;
      case 'add':
        await add(picked);
        return;
      case 'checkOwnerThenAdd':
        try {
          const owner = await parentCaseExists(picked.identifier, roleCode);
          if (owner.exists) setConfirm({ picked, owner: owner.owner ?? 'another case' });
          else await add(picked);
        } catch (caught) {
          setMessage({ title: 'Error', text: caught instanceof ApiError ? caught.message : String(caught) });
        }
        return;
    }
  };

  const create = (typeRef: string) => {
    if (!searched) {
      setMessage(runSearchFirst);
      return;
    }
    const screenName = kind === 'case' ? 'createrolecase' : 'createroleperson';
    navigate(`${location.pathname.replace(/\/+$/, '')}/${screenName}/${encodeURIComponent(roleCode.toLowerCase())}/${encodeURIComponent(typeRef.toLowerCase())}`, {
      state: purpose,
    });
  };

  const answerData = results.data;
  const pages = answerData ? Math.max(1, Math.ceil(answerData.totalCount / answerData.pageSize)) : 1;
  const parentName = parentLabel(parent);

  return (
    <section className={styles.page} aria-label={screenName}>
      <div className={styles.header}>
        <Title2 as="h1">{screenName}</Title2>
        <Caption1 className={styles.muted}>
          {purpose.purpose === 'crossReference'
            ? `Choose the case to cross-reference with ${parentName}.`
            : `Choose the ${kind} to add to ${parentName}${roleName ? ` as ${roleName}` : ''}.`}
        </Caption1>
      </div>
      <form
        className={row.row}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          run(typed);
        }}
      >
        {choices.length > 1 && (
          <Dropdown
            className={row.choice}
            aria-label="Type"
            value={choices.find((choice) => choice.ref === chosenType)?.name ?? choices[0]?.name ?? ''}
            selectedOptions={[chosenType]}
            onOptionSelect={(_, data) => run(typed, data.optionValue ?? '')}
          >
            {choices.map((choice) => (
              <Option key={choice.ref || 'all'} value={choice.ref}>
                {choice.name}
              </Option>
            ))}
          </Dropdown>
        )}
        <StatusDropdown className={row.choice} value={status} onChange={(next) => run(typed, chosenType, next)} />
        <SearchBox
          className={row.text}
          value={typed}
          onChange={setTyped}
          onSearch={run}
          entity={entity}
          label={`Search ${kind === 'case' ? 'cases' : 'persons'}`}
          placeholder={kind === 'case' ? 'Case number, title or words' : 'Name, id or details'}
        />
        <Button type="submit" appearance="primary" icon={<SearchRegular />}>
          Search
        </Button>
        {mayCreate &&
          firstCreate &&
          (openEnded && createChoices.length > 1 ? (
            <Menu positioning="below-end">
              <MenuTrigger disableButtonEnhancement>
                {(triggerProps: MenuButtonProps) => (
                  <SplitButton
                    icon={<AddRegular />}
                    menuButton={triggerProps}
                    primaryActionButton={{ onClick: () => create(firstCreate.valueField), 'aria-label': `Create ${firstCreate.textField}` }}
                  >
                    Create
                  </SplitButton>
                )}
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  {createChoices.map((type) => (
                    <MenuItem key={type.valueField} onClick={() => create(type.valueField)}>
                      {type.textField}
                    </MenuItem>
                  ))}
                </MenuList>
              </MenuPopover>
            </Menu>
          ) : (
            <MenuButtonLike label={`Create ${firstCreate.textField}`} onClick={() => create(firstCreate.valueField)} />
          ))}
      </form>
      {!searched ? (
        <Body1 className={styles.muted}>Type a name, a number or words, then press Search.</Body1>
      ) : results.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{results.error.message}</MessageBarBody>
        </MessageBar>
      ) : !results.isFetched && results.isFetching ? (
        <Spinner label="Searching…" />
      ) : !answerData ? (
        <Body1 className={styles.muted}>Type what to look for, then press Search.</Body1>
      ) : (
        <>
          <Text role="status" className={styles.muted}>
            {answerData.totalCount === 0
              ? 'No results'
              : `${answerData.totalIsExact ? '' : 'About '}${answerData.totalCount.toLocaleString()} result${answerData.totalCount === 1 ? '' : 's'}${pages > 1 ? ` · page ${page} of ${pages.toLocaleString()}` : ''}`}
          </Text>
          {answerData.totalCount === 0 && answerData.otherStatusCount > 0 && status !== 'all' && (
            <div className={styles.hint}>
              <Text>
                {`${answerData.otherStatusCount.toLocaleString()} ${status === 'active' ? 'closed or obsolete' : 'active'} record${answerData.otherStatusCount === 1 ? '' : 's'} match.`}
              </Text>
              <Button onClick={() => run(text, chosenType, 'all')}>Include them</Button>
            </div>
          )}
          {answerData.searchResult.length > 0 && (
            <LookupResults results={answerData.searchResult} terms={answerData.searchTerms} small={screen === 'small'} onPick={(item) => void pick(item)} />
          )}
          {pages > 1 && (
            <ResultsPager
              page={page}
              pages={pages}
              width={width}
              onPage={(next) => {
                const params = new URLSearchParams(searchParams);
                params.set('page', String(next));
                setSearchParams(params, { replace: true, state: location.state });
              }}
            />
          )}
        </>
      )}
      {busy && <Spinner size="tiny" label="Adding…" />}
      <ConfirmDialog
        open={confirm !== null}
        title="Confirm"
        confirmText="Yes"
        cancelText="No"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const chosen = confirm;
          setConfirm(null);
          if (chosen) void add(chosen.picked, true);
        }}
      >
        {confirm
          ? `A parent case already exists: ${confirm.picked.identifier} belongs to ${confirm.owner}.\n\nMove it here as ${roleName}?`
          : ''}
      </ConfirmDialog>
      <MessageDialog open={message !== null} title={message?.title ?? ''} onClose={() => setMessage(null)}>
        {message?.text ?? ''}
      </MessageDialog>
    </section>
  );
}

function MenuButtonLike({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button icon={<AddRegular />} onClick={onClick} aria-label={label}>
      Create
    </Button>
  );
}
