import {
  Body1,
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
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { useLayout } from '../../components/layout/LayoutContext';
import { Loading } from '../../components/LoadingMask';
import { ApiError } from '../../lib/api';
import type { LayoutComponent } from '../../lib/api/types';
import { recordKeys, recordPath } from '../../lib/records';
import type { RecordPlace } from '../../lib/slots';
import { alternateNamesQuery, deleteAlternateName, type AlternateName } from './api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  heading: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '420px' },
  actions: { width: '120px' },
});

// A person's other names (an AlternateNames view of the form): each opens in its own screen; Add
// makes a new one; Remove, after asking, takes one away.
export function AlternateNamesGrid({ place, component }: { place: RecordPlace; component: LayoutComponent }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const layout = useLayout();
  const queryClient = useQueryClient();
  const label = component.label || 'Alternate names';
  const names = useQuery({ ...alternateNamesQuery(place.identifier), enabled: place.identifier !== '' });
  const [removing, setRemoving] = useState<AlternateName | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (name: AlternateName) => deleteAlternateName(name.AlternateNameGuid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
    onError: (error) => setFailure(error instanceof ApiError ? error.message : String(error)),
  });

  if (!place.identifier) {
    return (
      <section className={styles.root} aria-label={label}>
        {component.label && <Text className={styles.heading}>{label}</Text>}
        <Body1 className={styles.muted}>Save the {place.typeName.toLowerCase()} first, then add the other names they are known by.</Body1>
      </section>
    );
  }
  const address = recordPath('person', place.identifier);
  const open = (to: string) => (layout.openChild ? layout.openChild(to) : navigate(to));
  const canModify = names.data?.canModify === true && !place.readOnly;
  const rows = names.data?.items ?? [];
  return (
    <section className={styles.root} aria-label={label}>
      <div className={styles.toolbar}>
        {component.label && <Text className={styles.heading}>{label}</Text>}
        {names.data && <Caption1 className={styles.muted}>{rows.length === 1 ? '1 name' : `${rows.length} names`}</Caption1>}
        {canModify && (
          <Button icon={<AddRegular />} onClick={() => open(`${address}/new/alternatename`)}>
            Add alternate name
          </Button>
        )}
      </div>
      {names.isPending ? (
        <Loading />
      ) : names.isError ? (
        <Body1>{names.error.message}</Body1>
      ) : rows.length === 0 ? (
        <Body1 className={styles.muted}>No other names.</Body1>
      ) : (
        <div className={styles.scroll}>
          <Table size="small" className={styles.table} aria-label={label}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Name</TableHeaderCell>
                <TableHeaderCell>Explanation</TableHeaderCell>
                <TableHeaderCell className={styles.actions}>
                  <span className={styles.muted}>Actions</span>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((name) => (
                <TableRow key={name.AlternateNameGuid}>
                  <TableCell>
                    <Link
                      href={`${address}/alternatename/${name.AlternateNameGuid}`}
                      onClick={(event) => {
                        event.preventDefault();
                        open(`${address}/alternatename/${name.AlternateNameGuid}`);
                      }}
                    >
                      {name.DisplayName}
                    </Link>
                  </TableCell>
                  <TableCell>{name.Explanation || <span className={styles.muted}>—</span>}</TableCell>
                  <TableCell>
                    {canModify && (
                      <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={`Remove ${name.DisplayName}`} onClick={() => setRemoving(name)}>
                        Remove
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove alternate name"
        confirmText="Remove"
        destructive
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
      >
        {removing ? `Remove the name ${removing.DisplayName}? Search will no longer find the person by it.` : ''}
      </ConfirmDialog>
      <MessageDialog open={failure !== null} title="Save Error" onClose={() => setFailure(null)}>
        {failure ?? ''}
      </MessageDialog>
    </section>
  );
}
