import { Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { PersonTagRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';

import { ChildForm, ChildFormLoader, childFormKey } from '../../components/ChildForm';
import { useChildSave } from '../../components/useChildSave';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { usePageTitle } from '../../lib/pageTitle';
import { recordPath } from '../../lib/records';
import { alternateNameQuery, saveAlternateName, type AlternateName, type AlternateNameDetails, type FieldBindingOfField } from './api';
import { afterDisplayNameEdit, afterPartChange, initialDisplayName, nameLimit, type DisplayNameState, type NameParts } from './displayName';
import { recordErrors } from '../../lib/api/errors';

const useStyles = makeStyles({
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

const parentMissing = { code: recordErrors.personNotFound, message: 'Cannot locate parent person form in history.  Navigating back to parent.' };

type Loaded = { AlternateName: AlternateName; FieldBindings: Record<string, FieldBindingOfField>; CanModify: boolean; PersonDisplayName: string };

function partsOf(name: AlternateName): NameParts {
  return { FirstName: name.FirstName, MiddleNames: name.MiddleNames, Surname: name.Surname };
}

// Alternate name details (spec 2 §2): a new or stored other name of a person. A new one closes once
// saved; a stored one stays, its header refreshed.
export function AlternateNamePage({ isNew }: { isNew: boolean }) {
  const { personId = '', alternateNameId = '' } = useParams();
  const loaded = useQuery(alternateNameQuery(personId, isNew ? null : alternateNameId));
  return (
    <ChildFormLoader query={loaded} parentAddress={recordPath('person', personId)} parentMissing={parentMissing}>
      {(data) => (
        <AlternateNameForm key={childFormKey(isNew, data.AlternateName.AlternateNameGuid, data.AlternateName.RowVersion)} loaded={data} personId={personId} isNew={isNew} />
      )}
    </ChildFormLoader>
  );
}

function AlternateNameForm({ loaded, personId, isNew }: { loaded: Loaded; personId: string; isNew: boolean }) {
  const styles = useStyles();
  const stored = loaded.AlternateName;
  const personAddress = recordPath('person', personId);
  const [values, setValues] = useState(stored);
  const [display, setDisplay] = useState<DisplayNameState>(() => initialDisplayName(stored.DisplayName, partsOf(stored)));
  const save = useChildSave({
    save: (details: AlternateNameDetails) => saveAlternateName(details, 'alternatename'),
    saved: 'Alternate name saved.',
    next: (result) => (isNew ? personAddress : `${personAddress}/alternatename/${result.primaryKey}`),
  });
  const readOnly = !loaded.CanModify;
  const current = { ...values, DisplayName: display.displayName };
  const dirty = (['Surname', 'FirstName', 'MiddleNames', 'DisplayName', 'Explanation'] as const).some((key) => current[key] !== stored[key]);

  const title = isNew ? 'New alternate name' : stored.DisplayName;
  useCrumbLabel(title);
  usePageTitle(`${title} · ${loaded.PersonDisplayName}`);

  const setPart = (key: PartField, text: string) => {
    const next = { ...values, [key]: text };
    setValues(next);
    setDisplay((state) => afterPartChange(state, partsOf(next)));
  };

  const textField = (key: keyof typeof fieldIds, value: string, onChange: (text: string) => void, multiline = false) => {
    const bound = loaded.FieldBindings[fieldIds[key]] ?? { Label: key, Tooltip: '', IsReadOnly: readOnly, IsVisible: true };
    if (!bound.IsVisible) return null;
    const error = save.errors[fieldIds[key]];
    const props = {
      value,
      maxLength: nameLimit,
      readOnly: readOnly || bound.IsReadOnly,
      onChange: (_: unknown, data: { value: string }) => {
        save.clearError(fieldIds[key]);
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
    <ChildForm
      save={save}
      details={(): AlternateNameDetails => ({
        AlternateNameGuid: stored.AlternateNameGuid,
        PersonGuid: stored.PersonGuid,
        Surname: current.Surname,
        FirstName: current.FirstName,
        MiddleNames: current.MiddleNames,
        DisplayName: display.edited ? current.DisplayName : '',
        Explanation: current.Explanation,
        RowVersion: stored.RowVersion,
      })}
      label="alternate name"
      name="Alternate name"
      icon={<PersonTagRegular fontSize={28} />}
      title={title}
      subtitle={<>Alternate name of {loaded.PersonDisplayName}</>}
      dirty={dirty}
      readOnly={readOnly}
    >
      <div className={styles.names}>
        {textField('FirstName', values.FirstName, (text) => setPart('FirstName', text))}
        {textField('MiddleNames', values.MiddleNames, (text) => setPart('MiddleNames', text))}
        {textField('Surname', values.Surname, (text) => setPart('Surname', text))}
      </div>
      {textField('DisplayName', display.displayName, (text) => setDisplay(afterDisplayNameEdit(text, values)))}
      {textField('Explanation', values.Explanation, (text) => setValues({ ...values, Explanation: text }), true)}
    </ChildForm>
  );
}
