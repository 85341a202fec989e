import { Button, Caption1, Text, makeStyles } from '@fluentui/react-components';
import { AddRegular, DismissRegular, EyeRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';

import { RecordTable, RecordViewFrame, RecordViewLink } from '../../components/RecordView';
import { countOf, useRecordViewStyles } from '../../components/RecordViewSection';
import { useRemoval } from '../../components/useRemoval';
import type { LayoutComponent } from '../../lib/api/types';
import { showPanel } from '../../lib/informationBar';
import { recordKeys } from '../../lib/records';
import { slots, type RecordPlace } from '../../lib/slots';
import { crossReferencesQuery, deleteCrossReference, type CrossReference } from './api';

const useStyles = makeStyles({
  comments: { overflowWrap: 'anywhere' },
});

// The cross references of a case (a CrossReferences view of its form), whichever case they were
// made from: each opens in the cross reference screen and previews the other case; Add makes one.
// One to a case the person may not see says only that (spec 2 §6): nothing of it opens, and it
// carries no comments.
export function CrossReferencesGrid({ place, component }: { place: RecordPlace; component: LayoutComponent }) {
  const styles = { ...useRecordViewStyles(), ...useStyles() };
  const queryClient = useQueryClient();
  const removal = useRemoval<CrossReference>({
    title: 'Remove cross reference',
    question: (link) => `Remove the cross reference between ${place.identifier} and ${link.CaseNumber}? Both cases are kept.`,
    remove: (link) => deleteCrossReference(place.identifier, link.Guid),
    onRemoved: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });
  return (
    <RecordViewFrame
      place={place}
      component={component}
      kind="case"
      defaultLabel="Cross references"
      afterSaving="cross-reference it with other cases"
      query={crossReferencesQuery}
      count={(data) => countOf(data.items.length, 'case', 'cases')}
      empty={(data) => (data.items.length === 0 ? 'No cross references.' : null)}
      actions={(_, view) =>
        view.canModify && (
          <Button icon={<AddRegular />} onClick={() => view.open(`${view.address}/crossreference/new`)}>
            Add cross reference
          </Button>
        )
      }
    >
      {(data, view) => (
        <>
          <RecordTable
            label={view.label}
            rows={data.items}
            rowKey={(link, index) => link.Guid || `hidden-${index}`}
            columns={[
              {
                header: 'Case',
                cell: (link) =>
                  link.Unavailable ? (
                    <Text className={styles.muted}>{link.CaseDisplay}</Text>
                  ) : (
                    <>
                      <RecordViewLink view={view} to={`${view.address}/crossreference/${link.CaseNumber.toLowerCase()}`}>
                        {link.CaseNumber} · {link.CaseDisplay}
                      </RecordViewLink>
                      {link.CaseStatusName && <Caption1 className={styles.muted}> · {link.CaseStatusName}</Caption1>}
                    </>
                  ),
              },
              { header: 'Comments', cell: (link) => link.Comments, className: styles.comments },
            ]}
            actions={(link) =>
              !link.Unavailable && (
                <>
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<EyeRegular />}
                    aria-label={`Preview ${link.CaseNumber}`}
                    onClick={() => showPanel('entityPreview', { title: 'Preview', content: slots.entityPreview('case', link.CaseNumber, { open: true }) })}
                  >
                    Preview
                  </Button>
                  {view.canModify && (
                    <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={`Remove the cross reference to ${link.CaseNumber}`} onClick={() => removal.ask(link)}>
                      Remove
                    </Button>
                  )}
                </>
              )
            }
          />
          {removal.dialogs}
        </>
      )}
    </RecordViewFrame>
  );
}
