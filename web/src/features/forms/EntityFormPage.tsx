import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';

import { AppLink } from '../../components/AppLink';
import { MessageDialog } from '../../components/Dialogs';
import { Loading } from '../../components/LoadingMask';
import { GenericError } from '../../components/GenericError';
import { ApiError } from '../../lib/api';
import type { SaveResult } from '../../lib/api/types';
import type { EntityKind } from '../../lib/records';
import { useTypedSegment } from '../../lib/typedPath';
import { formQuery, isNewForm, type FormKey } from './api';
import { EntityForm } from './EntityForm';
import type { Notice } from './StateNotice';
import { useShownLoad } from './useShownLoad';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXL,
    maxWidth: '640px',
  },
});

function useFormKey(kind: EntityKind, isNew: boolean): FormKey {
  const params = useParams();
  const [search] = useSearchParams();
  if (isNew) {
    return {
      kind,
      newType: (kind === 'case' ? params.caseEntityType : params.personType) ?? '',
      roleCode: search.get('roleCode') ?? undefined,
      roleEntityId: search.get('roleEntityId') ?? undefined,
    };
  }
  return { kind, identifier: (kind === 'case' ? params.caseNumber : params.personId) ?? '' };
}

// The page of a case or person, new or existing: loads its form and shows it, or says why not. The
// role screens give the record themselves (it is not the one their address starts with), and a
// record created for a role says where to go once saved.
export function EntityFormPage({
  kind,
  isNew = false,
  formKey,
  onCreated,
}: {
  kind: EntityKind;
  isNew?: boolean;
  formKey?: FormKey;
  onCreated?: (result: SaveResult) => void;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const routeKey = useFormKey(kind, isNew);
  const key = formKey ?? routeKey;
  const form = useQuery(formQuery(key));
  const { shown, adopt } = useShownLoad({ data: form.data, at: form.dataUpdatedAt }, JSON.stringify(key), location.pathname);
  const typedIdentifier = useTypedSegment(isNewForm(key) ? '' : key.identifier);
  const [notice, setNotice] = useState<Notice | null>(null);

  if (shown === null && form.isError) {
    // The heading says what happened, the text says it once about the record as the person wrote
    // it (the address is lower-cased; what was typed is not).
    const missing = form.error instanceof ApiError && form.error.status === 404;
    const noun = kind === 'case' ? 'Case' : 'Person';
    return (
      <section className={styles.page}>
        <Title2 as="h1">{missing ? `${noun} not found` : `This ${kind} could not be opened`}</Title2>
        <GenericError message={missing ? `There is no ${kind} ${typedIdentifier}.` : form.error.message} error={missing ? null : form.error} />
        <Body1>
          <AppLink to="/home">Go to the home page</AppLink>
        </Body1>
      </section>
    );
  }
  if (shown === null) return <Loading />;
  const load = shown.load;
  if (!isNewForm(key) && !load.canView) {
    // Spec 2 §6: the Cannot View dialog, then back. The router, not the browser, knows whether
    // there is a page of ours to go back to: the browser's history also counts other sites.
    return (
      <MessageDialog
        open
        title="Cannot View"
        onClose={() => (location.key !== 'default' ? navigate(-1) : navigate('/home', { replace: true }))}
      >
        You do not have permission to access this record.
      </MessageDialog>
    );
  }
  if (isNewForm(key) && !load.canCreate) {
    return (
      <section className={styles.page}>
        <Title2 as="h1">New {load.entityDescription}</Title2>
        <Body1>You are not allowed to create a {load.entityDescription.toLowerCase()}.</Body1>
        <Body1>
          <AppLink to="/home">Go to the home page</AppLink>
        </Body1>
      </section>
    );
  }
  return (
    <EntityForm
      key={`${load.entity?.identifier ?? 'new'}:${load.entity?.rowVersion ?? 0}:${shown.at}`}
      load={load}
      formKey={key}
      reload={() => form.refetch().then((result) => result.data && adopt(result.data, result.dataUpdatedAt))}
      notice={notice}
      setNotice={setNotice}
      onCreated={onCreated}
    />
  );
}
