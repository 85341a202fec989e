import {
  Button,
  Caption1,
  Link,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
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
import { AddRegular, CheckmarkCircleRegular, CircleRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { useLayout } from '../../components/layout/LayoutContext';
import { RecordViewSection, countOf, useRecordViewStyles } from '../../components/RecordViewSection';
import type { LayoutComponent } from '../../lib/api/types';
import { formatDateTime, useDateFormat } from '../../lib/format';
import { recordPath } from '../../lib/records';
import type { RecordPlace } from '../../lib/slots';
import { caseActionsQuery, type CaseActionRow } from './api';

const useStyles = makeStyles({
  done: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

function ActionsTable({ rows, label, address, open }: { rows: CaseActionRow[]; label: string; address: string; open: (to: string) => void }) {
  const styles = { ...useRecordViewStyles(), ...useStyles() };
  const format = useDateFormat();
  return (
    <div className={styles.scroll}>
      <Table size="small" className={styles.table} aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>When</TableHeaderCell>
            <TableHeaderCell>Action</TableHeaderCell>
            <TableHeaderCell>Subject</TableHeaderCell>
            <TableHeaderCell>Done</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            // An action of another case that concerns this one opens as a related action.
            const to = row.concerning
              ? `${address}/relatedaction/${row.guid}/relatedcase/${encodeURIComponent(row.ownerCaseNumber.toLowerCase())}`
              : `${address}/caseaction/${row.guid}`;
            return (
              <TableRow key={row.guid}>
                <TableCell>{formatDateTime(row.actionAt, format)}</TableCell>
                <TableCell>
                  {row.typeName}
                  {row.concerning && <Caption1 className={styles.muted}> · of {row.ownerCaseNumber}</Caption1>}
                </TableCell>
                <TableCell>
                  <Link
                    href={to}
                    onClick={(event) => {
                      event.preventDefault();
                      open(to);
                    }}
                  >
                    {row.subject}
                  </Link>
                  {row.relatedCaseCount > 0 && (
                    <Caption1 className={styles.muted}> · {row.relatedCaseCount === 1 ? '1 other case' : `${row.relatedCaseCount} other cases`}</Caption1>
                  )}
                </TableCell>
                <TableCell>
                  <span className={styles.done}>
                    {row.done ? <CheckmarkCircleRegular aria-hidden /> : <CircleRegular aria-hidden />}
                    {row.done ? 'Done' : 'To do'}
                  </span>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

// A case's actions (a CaseActions view of its form), latest first, and the actions of other cases
// that concern it; New action offers the kinds of action the case's type has.
export function CaseActionsGrid({ place, component }: { place: RecordPlace; component: LayoutComponent }) {
  const styles = useRecordViewStyles();
  const navigate = useNavigate();
  const layout = useLayout();
  const label = component.label || 'Actions';
  const actions = useQuery({ ...caseActionsQuery(place.identifier), enabled: place.kind === 'case' && place.identifier !== '' });
  if (!place.identifier) {
    return <RecordViewSection label={label} showHeading={!!component.label} empty={`Save the ${place.typeName.toLowerCase()} first, then record the work done on it.`} />;
  }
  const address = recordPath('case', place.identifier);
  const open = (to: string) => (layout.openChild ? layout.openChild(to) : navigate(to));
  const data = actions.data;
  const canCreate = data?.canModify === true && !place.readOnly && data.actionTypes.length > 0;
  return (
    <RecordViewSection
      label={label}
      showHeading={!!component.label}
      count={data ? countOf(data.items.length, 'action', 'actions') : null}
      actions={
        canCreate && (
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button icon={<AddRegular />}>New action</Button>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {data.actionTypes.map((type) => (
                  <MenuItem key={type.code} onClick={() => open(`${address}/new/caseaction/${type.code.toLowerCase()}`)}>
                    {type.name}
                  </MenuItem>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        )
      }
      pending={actions.isPending}
      error={actions.error}
      empty={data && data.items.length === 0 && data.concerning.length === 0 ? 'No actions yet.' : null}
    >
      {data && data.items.length > 0 && <ActionsTable rows={data.items} label={label} address={address} open={open} />}
      {data && data.concerning.length > 0 && (
        <>
          <Text className={styles.heading}>Actions of other cases concerning this one</Text>
          <ActionsTable rows={data.concerning} label="Actions of other cases concerning this one" address={address} open={open} />
        </>
      )}
    </RecordViewSection>
  );
}
