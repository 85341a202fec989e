import { Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { PersonTagRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { ChildFormHeader } from '../../components/ChildFormHeader';
import { MessageDialog } from '../../components/Dialogs';
import { Loading } from '../../components/LoadingMask';
import { showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { markDirty } from '../../lib/dirtyForms';
import { usePageTitle } from '../../lib/pageTitle';
import { recordKeys, recordPath } from '../../lib/records';
import { alternateNameQuery, saveAlternateName, type AlternateName, type FieldBindingOfField } from './api';
import { afterDisplayNameEdit, afterPartChange, initialDisplayName, nameLimit, type DisplayNameState, type NameParts } from './displayName';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
    maxWidth: '880px',
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  names: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
});

type PartField = 'Surname' | 'FirstName' | 'MiddleNames';
// The form's field ids (spec 2 §3) beside the names the details carry.
const fieldIds: Record<PartField | 'DisplayName' | 'Explanation', string> = {
  FirstName: 'Firstname',
  MiddleNames: 'MiddleNames',
  Surname: 'Surname',
  DisplayName: 'DisplayName',
  Explanation: 'Explanation',
};

const cannotLocateParent = 'Cannot locate parent person form in history.  Navigating back to parent.';

function partsOf(name: AlternateName): NameParts {
  return { FirstName: name.FirstName, MiddleNames: name.MiddleNames, Surname: name.Surname };
}

// Alternate name details (spec 2 §2): a new or stored other name of a person. A new one closes once
// saved; a stored one stays, its header refreshed. Saving with nothing changed makes no call.
export function AlternateNamePage({ isNew }: { isNew: boolean }) {
  const { personId = '', alternateNameId = '' } = useParams();
  const guid = isNew ? null : alternateNameId;
  const loaded = useQuery(alternateNameQuery(personId, guid));
  const navigate = useNavigate();
  const back = () => navigate(recordPath('person', personId), { replace: true });

  if (loaded.isPending) return <Loading />;
  if (loaded.isError) {
    const parentMissing = loaded.error instanceof ApiError && loaded.error.code === 'person.not_found';
    return (
      <MessageDialog open title={parentMissing ? 'Error' : 'Alternate name'} onClose={parentMissing ? () => navigate('/home', { replace: true }) : back}>
        {parentMissing ? cannotLocateParent : loaded.error.message}
      </MessageDialog>
    );
  }
  return <AlternateNameForm key={`${loaded.data.AlternateName.AlternateNameGuid}:${loaded.data.AlternateName.RowVersion}`} loaded={loaded.data} personId={personId} isNew={isNew} />;
}

function AlternateNameForm({
  loaded,
  personId,
  isNew,
}: {
  loaded: { AlternateName: AlternateName; FieldBindings: Record<string, FieldBindingOfField>; CanModify: boolean; PersonDisplayName: string };
  personId: string;
  isNew: boolean;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const formInstance = useId();
  const stored = loaded.AlternateName;
  const [values, setValues] = useState(stored);
  const [display, setDisplay] = useState<DisplayNameState>(() => initialDisplayName(stored.DisplayName, partsOf(stored)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = !loaded.CanModify;
  const current = { ...values, DisplayName: display.displayName };
  const dirty =
    !readOnly && (['Surname', 'FirstName', 'MiddleNames', 'DisplayName', 'Explanation'] as const).some((key) => current[key] !== stored[key]);

  const title = isNew ? 'New alternate name' : stored.DisplayName;
  useCrumbLabel(isNew ? 'New alternate name' : stored.DisplayName);
  usePageTitle(`${title} · ${loaded.PersonDisplayName}`);
  useEffect(() => {
    markDirty(formInstance, dirty ? { path: location.pathname, label: 'alternate name' } : null);
  }, [dirty, formInstance, location.pathname]);
  useEffect(() => () => markDirty(formInstance, null), [formInstance]);

  const binding = (key: keyof typeof fieldIds): FieldBindingOfField =>
    loaded.FieldBindings[fieldIds[key]] ?? { Label: key, Tooltip: '', IsReadOnly: readOnly, IsVisible: true };

  const setPart = (key: PartField, text: string) => {
    const next = { ...values, [key]: text };
    setValues(next);
    setDisplay((state) => afterPartChange(state, partsOf(next)));
  };

  const save = async () => {
    if (!dirty) return;
    setSaving(true);
    try {
      const result = await saveAlternateName(
        {
          AlternateNameGuid: stored.AlternateNameGuid,
          PersonGuid: stored.PersonGuid,
          Surname: current.Surname,
          FirstName: current.FirstName,
          MiddleNames: current.MiddleNames,
          DisplayName: display.edited ? current.DisplayName : '',
          Explanation: current.Explanation,
          RowVersion: stored.RowVersion,
        },
        'alternatename',
      );
      markDirty(formInstance, null);
      await queryClient.invalidateQueries({ queryKey: recordKeys.one('person', personId) });
      showAlert({ reference: 'saved', type: 'success', message: 'Alternate name saved.', durationInSeconds: 5 });
      if (isNew) navigate(recordPath('person', personId), { replace: true });
      else navigate(`${recordPath('person', personId)}/alternatename/${result.primaryKey}`, { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0) setErrors(caught.fieldErrors);
      else setFailure(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  const textField = (key: keyof typeof fieldIds, value: string, onChange: (text: string) => void, multiline = false) => {
    const bound = binding(key);
    if (!bound.IsVisible) return null;
    const error = errors[fieldIds[key]];
    const props = {
      value,
      maxLength: nameLimit,
      readOnly: readOnly || bound.IsReadOnly,
      onChange: (_: unknown, data: { value: string }) => {
        setErrors((before) => Object.fromEntries(Object.entries(before).filter(([field]) => field !== fieldIds[key])));
        onChange(data.value);
      },
    };
    return (
      <Field label={bound.Label} hint={bound.Tooltip || undefined} validationMessage={error} validationState={error ? 'error' : 'none'}>
        {multiline ? <Textarea {...props} resize="vertical" /> : <Input {...props} />}
      </Field>
    );
  };

  return (
    <div className={styles.page}>
      <ChildFormHeader
        icon={<PersonTagRegular fontSize={28} />}
        title={title}
        subtitle={<>Alternate name of {loaded.PersonDisplayName}</>}
        dirty={dirty}
        canSave={!readOnly}
        saving={saving}
        onSave={() => void save()}
      />
      <form
        className={styles.form}
        aria-label="Alternate name"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className={styles.names}>
          {textField('FirstName', values.FirstName, (text) => setPart('FirstName', text))}
          {textField('MiddleNames', values.MiddleNames, (text) => setPart('MiddleNames', text))}
          {textField('Surname', values.Surname, (text) => setPart('Surname', text))}
        </div>
        {textField('DisplayName', display.displayName, (text) => setDisplay(afterDisplayNameEdit(text, values)))}
        {textField('Explanation', values.Explanation, (text) => setValues({ ...values, Explanation: text }), true)}
      </form>
      <MessageDialog open={failure !== null} title="Save Error" onClose={() => setFailure(null)}>
        {failure ?? ''}
      </MessageDialog>
    </div>
  );
}
