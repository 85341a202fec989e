import { Button, Link, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { useLayout } from '../../components/layout/LayoutContext';
import { RecordViewSection, countOf, useRecordViewStyles } from '../../components/RecordViewSection';
import { useRemoval } from '../../components/useRemoval';
import type { LayoutComponent } from '../../lib/api/types';
import { recordKeys, recordPath } from '../../lib/records';
import type { RecordPlace } from '../../lib/slots';
import { alternateNamesQuery, deleteAlternateName, type AlternateName } from './api';

// A person's other names (an AlternateNames view of the form): each opens in its own screen; Add
// makes a new one; Remove, after asking, takes one away.
export function AlternateNamesGrid({ place, component }: { place: RecordPlace; component: LayoutComponent }) {
  const styles = useRecordViewStyles();
  const navigate = useNavigate();
  const layout = useLayout();
  const queryClient = useQueryClient();
  const label = component.label || 'Alternate names';
  const names = useQuery({ ...alternateNamesQuery(place.identifier), enabled: place.identifier !== '' });
  const removal = useRemoval<AlternateName>({
    title: 'Remove alternate name',
    question: (name) => `Remove the name ${name.DisplayName}? Search will no longer find the person by it.`,
    remove: (name) => deleteAlternateName(name.AlternateNameGuid),
    onRemoved: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });

  if (!place.identifier) {
    return (
      <RecordViewSection
        label={label}
        showHeading={!!component.label}
        empty={`Save the ${place.typeName.toLowerCase()} first, then add the other names they are known by.`}
      />
    );
  }
  const address = recordPath('person', place.identifier);
  const open = (to: string) => (layout.openChild ? layout.openChild(to) : navigate(to));
  const canModify = names.data?.canModify === true && !place.readOnly;
  const rows = names.data?.items ?? [];
  return (
    <RecordViewSection
      label={label}
      showHeading={!!component.label}
      count={names.data ? countOf(rows.length, 'name', 'names') : null}
      actions={
        canModify && (
          <Button icon={<AddRegular />} onClick={() => open(`${address}/new/alternatename`)}>
            Add alternate name
          </Button>
        )
      }
      pending={names.isPending}
      error={names.error}
      empty={rows.length === 0 ? 'No other names.' : null}
    >
      <div className={styles.scroll}>
        <Table size="small" className={styles.table} aria-label={label}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Explanation</TableHeaderCell>
              <TableHeaderCell className={styles.actionsCell}>
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
                    <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={`Remove ${name.DisplayName}`} onClick={() => removal.ask(name)}>
                      Remove
                    </Button>
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
