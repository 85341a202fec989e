import { Body1, Button, Caption1, Link, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular, BotRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { useLayout } from '../../components/layout/LayoutContext';
import { RecordViewSection, countOf } from '../../components/RecordViewSection';
import type { LayoutComponent } from '../../lib/api/types';
import { formatDateTime, useDateFormat } from '../../lib/format';
import { recordPath } from '../../lib/records';
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
  const navigate = useNavigate();
  const layout = useLayout();
  const format = useDateFormat();
  const label = component.label || 'Comments';
  const comments = useQuery({ ...commentsQuery(place.identifier), enabled: place.identifier !== '' });
  if (!place.identifier) {
    return <RecordViewSection label={label} showHeading={!!component.label} empty={`Save the ${place.typeName.toLowerCase()} first, then add comments.`} />;
  }
  const address = recordPath('person', place.identifier);
  const open = (to: string) => (layout.openChild ? layout.openChild(to) : navigate(to));
  const rows = comments.data?.items ?? [];
  return (
    <RecordViewSection
      label={label}
      showHeading={!!component.label}
      count={comments.data ? countOf(rows.length, 'comment', 'comments') : null}
      actions={
        comments.data?.canModify &&
        !place.readOnly && (
          <Button icon={<AddRegular />} onClick={() => open(`${address}/new/comment`)}>
            Add comment
          </Button>
        )
      }
      pending={comments.isPending}
      error={comments.error}
      empty={rows.length === 0 ? 'No comments yet.' : null}
    >
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
    </RecordViewSection>
  );
}
