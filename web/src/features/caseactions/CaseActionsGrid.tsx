import { Button, Caption1, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, CheckmarkCircleRegular, CircleRegular } from '@fluentui/react-icons';

import { RecordTable, RecordViewFrame, RecordViewLink, type RecordView } from '../../components/RecordView';
import { countOf, useRecordViewStyles } from '../../components/RecordViewSection';
import type { LayoutComponent } from '../../lib/api/types';
import { formatDateTime, useDateFormat } from '../../lib/format';
import type { RecordPlace } from '../../lib/slots';
import { caseActionsQuery, type CaseActionRow } from './api';

const useStyles = makeStyles({
  done: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

// An action of another case that concerns this one opens as a related action.
function actionAddress(address: string, row: CaseActionRow): string {
  return row.concerning
    ? `${address}/relatedaction/${row.guid}/relatedcase/${encodeURIComponent(row.ownerCaseNumber.toLowerCase())}`
    : `${address}/caseaction/${row.guid}`;
}

function ActionsTable({ rows, label, view }: { rows: CaseActionRow[]; label: string; view: RecordView }) {
  const styles = { ...useRecordViewStyles(), ...useStyles() };
  const format = useDateFormat();
  return (
    <RecordTable
      label={label}
      rows={rows}
      rowKey={(row) => row.guid}
      columns={[
        { header: 'When', cell: (row) => formatDateTime(row.actionAt, format) },
        {
          header: 'Action',
          cell: (row) => (
            <>
              {row.typeName}
              {row.concerning && <Caption1 className={styles.muted}> · of {row.ownerCaseNumber}</Caption1>}
            </>
          ),
        },
        {
          header: 'Subject',
          cell: (row) => (
            <>
              <RecordViewLink view={view} to={actionAddress(view.address, row)}>
                {row.subject}
              </RecordViewLink>
              {row.relatedCaseCount > 0 && (
                <Caption1 className={styles.muted}> · {row.relatedCaseCount === 1 ? '1 other case' : `${row.relatedCaseCount} other cases`}</Caption1>
              )}
            </>
          ),
        },
        {
          header: 'Done',
          cell: (row) => (
            <span className={styles.done}>
              {row.done ? <CheckmarkCircleRegular aria-hidden /> : <CircleRegular aria-hidden />}
              {row.done ? 'Done' : 'To do'}
            </span>
          ),
        },
      ]}
    />
  );
}

// A case's actions (a CaseActions view of its form), latest first, and the actions of other cases
// that concern it; New action offers the kinds of action the case's type has.
export function CaseActionsGrid({ place, component }: { place: RecordPlace; component: LayoutComponent }) {
  const styles = useRecordViewStyles();
  const concerningLabel = 'Actions of other cases concerning this one';
  return (
    <RecordViewFrame
      place={place}
      component={component}
      kind="case"
      defaultLabel="Actions"
      afterSaving="record the work done on it"
      query={caseActionsQuery}
      count={(data) => countOf(data.items.length, 'action', 'actions')}
      empty={(data) => (data.items.length === 0 && data.concerning.length === 0 ? 'No actions yet.' : null)}
      actions={(data, view) =>
        view.canModify &&
        data.actionTypes.length > 0 && (
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button icon={<AddRegular />}>New action</Button>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {data.actionTypes.map((type) => (
                  <MenuItem key={type.code} onClick={() => view.open(`${view.address}/new/caseaction/${type.code.toLowerCase()}`)}>
                    {type.name}
                  </MenuItem>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        )
      }
    >
      {(data, view) => (
        <>
          {data.items.length > 0 && <ActionsTable rows={data.items} label={view.label} view={view} />}
          {data.concerning.length > 0 && (
            <>
              <Text className={styles.heading}>{concerningLabel}</Text>
              <ActionsTable rows={data.concerning} label={concerningLabel} view={view} />
            </>
          )}
        </>
      )}
    </RecordViewFrame>
  );
}
