import { Button, Caption1, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { useLayout } from '../../components/layout/LayoutContext';
import { RecordViewSection, countOf, useRecordViewStyles } from '../../components/RecordViewSection';
import type { LayoutComponent } from '../../lib/api/types';
import { recordPath } from '../../lib/records';
import type { RecordPlace } from '../../lib/slots';
import { roleHoldersQuery } from './api';
import { HolderName, previewHolder } from './RolesGrid';
import { heldInScreenPath } from './rolePaths';

// The roles this record holds on others (a RolesHeld view), as the holder reads them: "Complainant
// in CMP-2026-00042 · Noise at night". Changed on the other record, so read-only here.
export function RolesHeldList({ place, component }: { place: RecordPlace; component: LayoutComponent }) {
  const styles = useRecordViewStyles();
  const navigate = useNavigate();
  const layout = useLayout();
  const label = component.label || 'Involved in';
  const held = useQuery({ ...roleHoldersQuery(place.kind, place.identifier), enabled: place.identifier !== '' });
  if (!place.identifier) {
    return <RecordViewSection label={label} showHeading={!!component.label} empty={`A new ${place.typeName.toLowerCase()} is not involved in anything yet.`} />;
  }
  const address = recordPath(place.kind, place.identifier);
  const open = (to: string, state?: unknown) => (layout.openChild ? layout.openChild(to, state) : navigate(to, { state }));
  const rows = held.data?.heldIn ?? [];
  return (
    <RecordViewSection
      label={label}
      showHeading={!!component.label}
      count={held.data ? countOf(rows.length, 'role', 'roles') : null}
      pending={held.isPending}
      error={held.error}
      empty={rows.length === 0 ? 'Not involved in anything yet.' : null}
    >
      <div className={styles.scroll}>
        <Table size="small" className={styles.table} aria-label={label}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Role</TableHeaderCell>
              <TableHeaderCell>Of</TableHeaderCell>
              <TableHeaderCell className={styles.actionsCell}>
                <span className={styles.muted}>Actions</span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.linkId}>
                <TableCell>{row.roleName}</TableCell>
                <TableCell>
                  <HolderName holder={row} onOpen={() => open(heldInScreenPath(address, row), { roleName: row.roleName })} />
                  {/* Under the name, on a line of its own: no separator to strand at a line's start. */}
                  {row.record.statusName ? (
                    <Caption1 block className={styles.muted}>
                      {row.record.statusName}
                    </Caption1>
                  ) : null}
                </TableCell>
                <TableCell>
                  <span className={styles.actions}>
                    {!row.record.unavailable && (
                      <Button size="small" appearance="subtle" icon={<EyeRegular />} aria-label={`Preview ${row.record.display}`} onClick={() => previewHolder(row)}>
                        Preview
                      </Button>
                    )}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </RecordViewSection>
  );
}
