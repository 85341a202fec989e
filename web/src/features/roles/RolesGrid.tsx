import {
  Button,
  Caption1,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DismissRegular, EyeRegular, SearchRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { useLayout } from '../../components/layout/LayoutContext';
import { NewMenu } from '../../components/NewMenu';
import { RecordViewSection, countOf, useRecordViewStyles } from '../../components/RecordViewSection';
import { useRemoval } from '../../components/useRemoval';
import type { LayoutComponent } from '../../lib/api/types';
import { searchEntityTypesQuery } from '../../lib/entityTypes';
import { formatDate, useDateFormat } from '../../lib/format';
import { showPanel } from '../../lib/informationBar';
import { lookupPath, type LookupPurpose } from '../../lib/lookup';
import { recordKeys, recordPath } from '../../lib/records';
import { slots, type RecordPlace } from '../../lib/slots';
import { creatableTypesQuery, removeRole, roleHoldersQuery, type RoleHolder } from './api';
import { RecordIcon } from './RecordIcon';
import { holderScreenPath } from './rolePaths';

export const useRoleStyles = makeStyles({
  name: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
    // The record's icon keeps its size beside a name that wraps.
    '& > svg': { flexShrink: 0 },
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

// What a row says of its record, and how to reach it.
export function HolderName({ holder, onOpen }: { holder: RoleHolder; onOpen: () => void }) {
  const styles = useRoleStyles();
  const record = holder.record;
  if (record.unavailable) {
    return (
      <span className={styles.name}>
        <RecordIcon kind={record.kind} />
        <Text className={styles.muted}>{record.display}</Text>
      </span>
    );
  }
  return (
    <span className={styles.name}>
      <RecordIcon kind={record.kind} />
      <Link
        href={recordPath(record.kind, record.identifier ?? '')}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onOpen();
        }}
      >
        {record.kind === 'case' ? `${record.identifier} · ${record.display}` : record.display}
      </Link>
    </span>
  );
}

export function previewHolder(holder: RoleHolder): void {
  const record = holder.record;
  if (record.unavailable || !record.identifier) return;
  showPanel('entityPreview', { title: 'Preview', content: slots.entityPreview(record.kind, record.identifier, { open: true }) });
}

// The holders of one role on a case or person (a Roles view of its layout): each opens in the role
// screen under this record, previews in the information bar, and can be removed; Add opens the
// entity lookup to choose another.
export function RolesGrid({ place, component }: { place: RecordPlace; component: LayoutComponent }) {
  const styles = useRecordViewStyles();
  const format = useDateFormat();
  const navigate = useNavigate();
  const layout = useLayout();
  const queryClient = useQueryClient();
  const roleCode = component.referenceCode ?? '';
  const label = component.label || roleCode;
  const holders = useQuery({ ...roleHoldersQuery(place.kind, place.identifier), enabled: place.identifier !== '' });
  const creatable = useQuery({ ...creatableTypesQuery(place.kind, place.identifier, false), enabled: place.identifier !== '' && !place.readOnly });
  const types = useQuery(searchEntityTypesQuery);
  const removal = useRemoval<RoleHolder>({
    title: 'Remove',
    question: (holder) => `Remove ${holder.record.display} from ${label}? The ${holder.record.kind} itself is kept.`,
    remove: (holder) => removeRole(holder.linkId),
    onRemoved: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });

  if (!place.identifier) {
    return <RecordViewSection label={label} showHeading empty={`Save the ${place.typeName.toLowerCase()} first, then add ${label.toLowerCase()} here.`} />;
  }
  const parentAddress = recordPath(place.kind, place.identifier);
  const open = (to: string, state?: unknown) => (layout.openChild ? layout.openChild(to, state) : navigate(to, { state }));
  const add = () => {
    const purpose: LookupPurpose = {
      purpose: 'grid',
      parentKind: place.kind,
      parentIdentifier: place.identifier,
      roleName: label,
      returnTo: parentAddress,
    };
    open(lookupPath(parentAddress, roleCode, component.lookupEntityType ?? 'any_person'), purpose);
  };
  const rows = (holders.data?.holders ?? []).filter((holder) => holder.roleCode === roleCode);
  // New: a record of a type that may hold the role, made for it (only types the server lets the
  // person create here).
  const lookupType = component.lookupEntityType ?? 'any_person';
  const holderKind: 'case' | 'person' =
    lookupType === 'any_case' || (types.data?.caseEntityTypes ?? []).some((type) => type.ref.toLowerCase() === lookupType.toLowerCase()) ? 'case' : 'person';
  const creatableOfKind = (holderKind === 'case' ? creatable.data?.canCreateCaseEntityTypesList : creatable.data?.canCreatePersonTypesList) ?? [];
  const creatableHere = creatableOfKind.filter((type) => lookupType.startsWith('any_') || type.valueField.toLowerCase() === lookupType.toLowerCase());
  const createFor = (typeRef: string) => {
    const purpose: LookupPurpose = { purpose: 'grid', parentKind: place.kind, parentIdentifier: place.identifier, roleName: label, returnTo: parentAddress };
    open(`${parentAddress}/createrole${holderKind}/${encodeURIComponent(roleCode.toLowerCase())}/${encodeURIComponent(typeRef.toLowerCase())}`, purpose);
  };

  return (
    <RecordViewSection
      label={label}
      showHeading
      count={holders.data ? countOf(rows.length, 'holder', 'holders') : null}
      actions={
        !place.readOnly && (
          <>
            <Button icon={<SearchRegular />} onClick={add} aria-label={`Add to ${label}`}>
              Add
            </Button>
            {creatableHere.length === 1 && creatableHere[0] && (
              <Button icon={<AddRegular />} onClick={() => createFor(creatableHere[0]?.valueField ?? '')}>
                New {creatableHere[0].textField}
              </Button>
            )}
            {creatableHere.length > 1 && (
              <NewMenu choices={creatableHere} keyOf={(type) => type.valueField} textOf={(type) => type.textField} onChoose={(type) => createFor(type.valueField)} />
            )}
          </>
        )
      }
      pending={holders.isPending}
      error={holders.error}
      empty={rows.length === 0 ? 'None yet.' : null}
    >
      <div className={styles.scroll}>
        <Table size="small" className={styles.table} aria-label={label}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Type</TableHeaderCell>
              <TableHeaderCell>Added</TableHeaderCell>
              <TableHeaderCell className={styles.actionsCell}>
                <span className={styles.muted}>Actions</span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((holder) => (
              <TableRow key={holder.linkId}>
                <TableCell>
                  <HolderName holder={holder} onOpen={() => open(holderScreenPath(parentAddress, holder), { roleName: label })} />
                </TableCell>
                <TableCell>
                  {holder.record.typeName ?? ''}
                  {holder.record.statusName ? <Caption1 className={styles.muted}> · {holder.record.statusName}</Caption1> : null}
                </TableCell>
                <TableCell>
                  {formatDate(holder.createdAt.slice(0, 10), format)}
                  <Caption1 className={styles.muted}> by {holder.createdBy}</Caption1>
                </TableCell>
                <TableCell>
                  <span className={styles.actions}>
                    {!holder.record.unavailable && (
                      <Button size="small" appearance="subtle" icon={<EyeRegular />} aria-label={`Preview ${holder.record.display}`} onClick={() => previewHolder(holder)}>
                        Preview
                      </Button>
                    )}
                    {holder.canRemove && !place.readOnly && (
                      <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={`Remove ${holder.record.display} from ${label}`} onClick={() => removal.ask(holder)}>
                        Remove
                      </Button>
                    )}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {removal.dialogs}
    </RecordViewSection>
  );
}
