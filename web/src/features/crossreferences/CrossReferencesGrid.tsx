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
import { AddRegular, DismissRegular, EyeRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { useLayout } from '../../components/layout/LayoutContext';
import { Loading } from '../../components/LoadingMask';
import { ApiError } from '../../lib/api';
import type { LayoutComponent } from '../../lib/api/types';
import { showPanel } from '../../lib/informationBar';
import { recordKeys, recordPath } from '../../lib/records';
import { slots, type RecordPlace } from '../../lib/slots';
import { crossReferencesQuery, deleteCrossReference, type CrossReference } from './api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  heading: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '480px' },
  actions: { width: '200px' },
  comments: { overflowWrap: 'anywhere' },
});

// The cross references of a case (a CrossReferences view of its form), whichever case they were
// made from: each opens in the cross reference screen and previews the other case; Add makes one.
export function CrossReferencesGrid({ place, component }: { place: RecordPlace; component: LayoutComponent }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const layout = useLayout();
  const queryClient = useQueryClient();
  const label = component.label || 'Cross references';
  const links = useQuery({ ...crossReferencesQuery(place.identifier), enabled: place.kind === 'case' && place.identifier !== '' });
  const [removing, setRemoving] = useState<CrossReference | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (link: CrossReference) => deleteCrossReference(place.identifier, link.Guid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
    onError: (error) => setFailure(error instanceof ApiError ? error.message : String(error)),
  });

  if (!place.identifier) {
    return (
      <section className={styles.root} aria-label={label}>
        {component.label && <Text className={styles.heading}>{label}</Text>}
        <Body1 className={styles.muted}>Save the {place.typeName.toLowerCase()} first, then cross-reference it with other cases.</Body1>
      </section>
    );
  }
  const address = recordPath('case', place.identifier);
  const open = (to: string) => (layout.openChild ? layout.openChild(to) : navigate(to));
  const canModify = links.data?.canModify === true && !place.readOnly;
  const rows = links.data?.items ?? [];
  return (
    <section className={styles.root} aria-label={label}>
      <div className={styles.toolbar}>
        {component.label && <Text className={styles.heading}>{label}</Text>}
        {links.data && <Caption1 className={styles.muted}>{rows.length === 1 ? '1 case' : `${rows.length} cases`}</Caption1>}
        {canModify && (
          <Button icon={<AddRegular />} onClick={() => open(`${address}/crossreference/new`)}>
            Add cross reference
          </Button>
        )}
      </div>
      {links.isPending ? (
        <Loading />
      ) : links.isError ? (
        <Body1>{links.error.message}</Body1>
      ) : rows.length === 0 ? (
        <Body1 className={styles.muted}>No cross references.</Body1>
      ) : (
        <div className={styles.scroll}>
          <Table size="small" className={styles.table} aria-label={label}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Case</TableHeaderCell>
                <TableHeaderCell>Comments</TableHeaderCell>
                <TableHeaderCell className={styles.actions}>
                  <span className={styles.muted}>Actions</span>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((link) => (
                <TableRow key={link.Guid}>
                  <TableCell>
                    {link.Unavailable ? (
                      <Text className={styles.muted}>{link.CaseDisplay}</Text>
                    ) : (
                      <>
                        <Link
                          href={`${address}/crossreference/${link.CaseNumber.toLowerCase()}`}
                          onClick={(event) => {
                            event.preventDefault();
                            open(`${address}/crossreference/${link.CaseNumber.toLowerCase()}`);
                          }}
                        >
                          {link.CaseNumber} · {link.CaseDisplay}
                        </Link>
                        {link.CaseStatusName && <Caption1 className={styles.muted}> · {link.CaseStatusName}</Caption1>}
                      </>
                    )}
                  </TableCell>
                  <TableCell className={styles.comments}>{link.Unavailable ? '' : link.Comments}</TableCell>
                  <TableCell>
                    {!link.Unavailable && (
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={<EyeRegular />}
                        aria-label={`Preview ${link.CaseNumber}`}
                        onClick={() => showPanel('entityPreview', { title: 'Preview', content: slots.entityPreview('case', link.CaseNumber, { open: true }) })}
                      >
                        Preview
                      </Button>
                    )}
                    {canModify && !link.Unavailable && (
                      <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={`Remove the cross reference to ${link.CaseNumber}`} onClick={() => setRemoving(link)}>
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
        title="Remove cross reference"
        confirmText="Remove"
        destructive
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
      >
        {removing ? `Remove the cross reference between ${place.identifier} and ${removing.CaseNumber}? Both cases are kept.` : ''}
      </ConfirmDialog>
      <MessageDialog open={failure !== null} title="Save Error" onClose={() => setFailure(null)}>
        {failure ?? ''}
      </MessageDialog>
    </section>
  );
}
