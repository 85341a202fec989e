import { Body1, Button, Caption1, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';

import type { Schemas } from '../../lib/api/types';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  heading: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

// The other cases an action concerns: each opens as a related case; one the person may not see is
// named only as such. Add chooses one in a lookup; Remove takes one away.
export function RelatedCases({
  load,
  parentAddress,
  readOnly,
  onAdd,
  onRemove,
}: {
  load: Schemas['CaseActionFormResult'];
  parentAddress: string;
  readOnly: boolean;
  onAdd: () => void;
  onRemove: (caseNumber: string) => void;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <section className={styles.section} aria-label="Cases this action concerns">
      <div className={styles.toolbar}>
        <Text className={styles.heading}>Other cases it concerns</Text>
        {!readOnly && (
          <Button icon={<SearchRegular />} onClick={onAdd}>
            Add a case
          </Button>
        )}
      </div>
      {load.relatedCases.length === 0 ? (
        <Body1 className={styles.muted}>Only {load.action.ownerCaseNumber}.</Body1>
      ) : (
        <ul className={styles.list}>
          {load.relatedCases.map((related, index) => {
            const to = `${parentAddress}/actionrelatedcase/${(related.identifier ?? '').toLowerCase()}`;
            return (
              <li key={related.identifier ?? `hidden-${index}`} className={styles.item}>
                {related.unavailable ? (
                  <Text className={styles.muted}>{related.display}</Text>
                ) : (
                  <>
                    <Link
                      href={to}
                      onClick={(event) => {
                        event.preventDefault();
                        navigate(to);
                      }}
                    >
                      {related.identifier} · {related.display}
                    </Link>
                    <Caption1 className={styles.muted}>{[related.typeName, related.statusName].filter(Boolean).join(' · ')}</Caption1>
                    {!readOnly && (
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={<DismissRegular />}
                        aria-label={`${related.identifier} no longer concerned`}
                        onClick={() => onRemove(related.identifier ?? '')}
                      >
                        Remove
                      </Button>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
