import { Button } from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';

import { RecordTable, RecordViewFrame, RecordViewLink } from '../../components/RecordView';
import { countOf, useRecordViewStyles } from '../../components/RecordViewSection';
import { useRemoval } from '../../components/useRemoval';
import type { LayoutComponent } from '../../lib/api/types';
import { recordKeys } from '../../lib/records';
import type { RecordPlace } from '../../lib/slots';
import { alternateNamesQuery, deleteAlternateName, type AlternateName } from './api';

// A person's other names (an AlternateNames view of the form): each opens in its own screen; Add
// makes a new one; Remove, after asking, takes one away.
export function AlternateNamesGrid({ place, component }: { place: RecordPlace; component: LayoutComponent }) {
  const styles = useRecordViewStyles();
  const queryClient = useQueryClient();
  const removal = useRemoval<AlternateName>({
    title: 'Remove alternate name',
    question: (name) => `Remove the name ${name.DisplayName}? Search will no longer find the person by it.`,
    remove: (name) => deleteAlternateName(name.AlternateNameGuid),
    onRemoved: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });
  return (
    <RecordViewFrame
      place={place}
      component={component}
      kind="person"
      defaultLabel="Alternate names"
      afterSaving="add the other names they are known by"
      query={alternateNamesQuery}
      count={(data) => countOf(data.items.length, 'name', 'names')}
      empty={(data) => (data.items.length === 0 ? 'No other names.' : null)}
      actions={(_, view) =>
        view.canModify && (
          <Button icon={<AddRegular />} onClick={() => view.open(`${view.address}/new/alternatename`)}>
            Add alternate name
          </Button>
        )
      }
    >
      {(data, view) => (
        <>
          <RecordTable
            label={view.label}
            rows={data.items}
            rowKey={(name) => name.AlternateNameGuid}
            columns={[
              {
                header: 'Name',
                cell: (name) => (
                  <RecordViewLink view={view} to={`${view.address}/alternatename/${name.AlternateNameGuid}`}>
                    {name.DisplayName}
                  </RecordViewLink>
                ),
              },
              { header: 'Explanation', cell: (name) => name.Explanation || <span className={styles.muted}>—</span> },
            ]}
            actions={
              view.canModify
                ? (name) => (
                    <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={`Remove ${name.DisplayName}`} onClick={() => removal.ask(name)}>
                      Remove
                    </Button>
                  )
                : undefined
            }
          />
          {removal.dialogs}
        </>
      )}
    </RecordViewFrame>
  );
}
