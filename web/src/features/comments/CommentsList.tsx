import { Body1, Button, Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular, BotRegular } from '@fluentui/react-icons';

import { RecordViewFrame, RecordViewLink } from '../../components/RecordView';
import { countOf } from '../../components/RecordViewSection';
import type { LayoutComponent } from '../../lib/api/types';
import { formatDateTime, useDateFormat } from '../../lib/format';
import type { RecordPlace } from '../../lib/slots';
import { commentsQuery } from './api';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorBrandStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  system: { borderLeftColor: tokens.colorNeutralStroke1 },
  meta: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap', color: tokens.colorNeutralForeground3 },
  text: { overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
});

// A person's comments (a Comments view of the form), newest As At first: when, by whom, the start
// of what was said; each opens in the comment screen. System comments say so.
export function CommentsList({ place, component }: { place: RecordPlace; component: LayoutComponent }) {
  const styles = useStyles();
  const format = useDateFormat();
  return (
    <RecordViewFrame
      place={place}
      component={component}
      kind="person"
      defaultLabel="Comments"
      afterSaving="add comments"
      query={commentsQuery}
      count={(data) => countOf(data.items.length, 'comment', 'comments')}
      empty={(data) => (data.items.length === 0 ? 'No comments yet.' : null)}
      actions={(_, view) =>
        view.canModify && (
          <Button icon={<AddRegular />} onClick={() => view.open(`${view.address}/new/comment`)}>
            Add comment
          </Button>
        )
      }
    >
      {(data, view) => (
        <ul className={styles.list} aria-label={view.label}>
          {data.items.map((comment) => (
            <li key={comment.CommentGuid} className={mergeClasses(styles.item, comment.IsSystem && styles.system)}>
              <span className={styles.meta}>
                {comment.IsSystem && <BotRegular aria-label="Written by Dossier" />}
                <RecordViewLink view={view} to={`${view.address}/comment/${comment.CommentGuid}`}>
                  {formatDateTime(comment.AsAtDate, format)}
                </RecordViewLink>
                <Caption1>by {comment.CreatedByDisplayName}</Caption1>
              </span>
              <Body1 className={styles.text}>{comment.CommentText}</Body1>
            </li>
          ))}
        </ul>
      )}
    </RecordViewFrame>
  );
}
