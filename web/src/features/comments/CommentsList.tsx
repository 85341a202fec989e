import { Body1, Button, Caption1, Link, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular, BotRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { useLayout } from '../../components/layout/LayoutContext';
import { Loading } from '../../components/LoadingMask';
import type { LayoutComponent } from '../../lib/api/types';
import { formatDateTime, useDateFormat } from '../../lib/format';
import { recordPath } from '../../lib/records';
import type { RecordPlace } from '../../lib/slots';
import { commentsQuery } from './api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  heading: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
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
  const navigate = useNavigate();
  const layout = useLayout();
  const format = useDateFormat();
  const label = component.label || 'Comments';
  const comments = useQuery({ ...commentsQuery(place.identifier), enabled: place.identifier !== '' });
  if (!place.identifier) {
    return (
      <section className={styles.root} aria-label={label}>
        {component.label && <Text className={styles.heading}>{label}</Text>}
        <Body1 className={styles.muted}>Save the {place.typeName.toLowerCase()} first, then add comments.</Body1>
      </section>
    );
  }
  const address = recordPath('person', place.identifier);
  const open = (to: string) => (layout.openChild ? layout.openChild(to) : navigate(to));
  const rows = comments.data?.items ?? [];
  return (
    <section className={styles.root} aria-label={label}>
      <div className={styles.toolbar}>
        {component.label && <Text className={styles.heading}>{label}</Text>}
        {comments.data && <Caption1 className={styles.muted}>{rows.length === 1 ? '1 comment' : `${rows.length} comments`}</Caption1>}
        {comments.data?.canModify && !place.readOnly && (
          <Button icon={<AddRegular />} onClick={() => open(`${address}/new/comment`)}>
            Add comment
          </Button>
        )}
      </div>
      {comments.isPending ? (
        <Loading />
      ) : comments.isError ? (
        <Body1>{comments.error.message}</Body1>
      ) : rows.length === 0 ? (
        <Body1 className={styles.muted}>No comments yet.</Body1>
      ) : (
        <ul className={styles.list} aria-label={label}>
          {rows.map((comment) => (
            <li key={comment.CommentGuid} className={mergeClasses(styles.item, comment.IsSystem && styles.system)}>
              <span className={styles.meta}>
                {comment.IsSystem && <BotRegular aria-label="Written by Dossier" />}
                <Link
                  href={`${address}/comment/${comment.CommentGuid}`}
                  onClick={(event) => {
                    event.preventDefault();
                    open(`${address}/comment/${comment.CommentGuid}`);
                  }}
                >
                  {formatDateTime(comment.AsAtDate, format)}
                </Link>
                <Caption1>by {comment.CreatedByDisplayName}</Caption1>
              </span>
              <Body1 className={styles.text}>{comment.CommentText}</Body1>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
