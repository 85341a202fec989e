import { Button, Caption1, Link, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles } from '@fluentui/react-components';
import { AddRegular, DismissRegular, EyeRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { useLayout } from '../../components/layout/LayoutContext';
import { RecordViewSection, countOf, useRecordViewStyles } from '../../components/RecordViewSection';
import { useRemoval } from '../../components/useRemoval';
import type { LayoutComponent } from '../../lib/api/types';
import { showPanel } from '../../lib/informationBar';
import { recordKeys, recordPath } from '../../lib/records';
import { slots, type RecordPlace } from '../../lib/slots';
import { crossReferencesQuery, deleteCrossReference, type CrossReference } from './api';

const useStyles = makeStyles({
  comments: { overflowWrap: 'anywhere' },
});

// The cross references of a case (a CrossReferences view of its form), whichever case they were
// made from: each opens in the cross reference screen and previews the other case; Add makes one.
export function CrossReferencesGrid({ place, component }: { place: RecordPlace; component: LayoutComponent }) {
  const styles = { ...useRecordViewStyles(), ...useStyles() };
  const navigate = useNavigate();
  const layout = useLayout();
  const queryClient = useQueryClient();
  const label = component.label || 'Cross references';
  const links = useQuery({ ...crossReferencesQuery(place.identifier), enabled: place.kind === 'case' && place.identifier !== '' });
  const removal = useRemoval<CrossReference>({
    title: 'Remove cross reference',
    question: (link) => `Remove the cross reference between ${place.identifier} and ${link.CaseNumber}? Both cases are kept.`,
    remove: (link) => deleteCrossReference(place.identifier, link.Guid),
    onRemoved: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });

  if (!place.identifier) {
    return (
      <RecordViewSection
        label={label}
        showHeading={!!component.label}
        empty={`Save the ${place.typeName.toLowerCase()} first, then cross-reference it with other cases.`}
      />
    );
  }
  const address = recordPath('case', place.identifier);
  const open = (to: string) => (layout.openChild ? layout.openChild(to) : navigate(to));
  const canModify = links.data?.canModify === true && !place.readOnly;
  const rows = links.data?.items ?? [];
  return (
    <RecordViewSection
      label={label}
      showHeading={!!component.label}
      count={links.data ? countOf(rows.length, 'case', 'cases') : null}
      actions={
        canModify && (
          <Button icon={<AddRegular />} onClick={() => open(`${address}/crossreference/new`)}>
            Add cross reference
          </Button>
        )
      }
      pending={links.isPending}
      error={links.error}
      empty={rows.length === 0 ? 'No cross references.' : null}
    >
      <div className={styles.scroll}>
        <Table size="small" className={styles.table} aria-label={label}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Case</TableHeaderCell>
              <TableHeaderCell>Comments</TableHeaderCell>
              <TableHeaderCell className={styles.actionsCell}>
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
                    <span className={styles.actions}>
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={<EyeRegular />}
                        aria-label={`Preview ${link.CaseNumber}`}
                        onClick={() => showPanel('entityPreview', { title: 'Preview', content: slots.entityPreview('case', link.CaseNumber, { open: true }) })}
                      >
                        Preview
                      </Button>
                      {canModify && (
                        <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={`Remove the cross reference to ${link.CaseNumber}`} onClick={() => removal.ask(link)}>
                          Remove
                        </Button>
                      )}
                    </span>
                  )}
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
