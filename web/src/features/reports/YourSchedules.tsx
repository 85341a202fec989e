import { Body1, Button, Caption1, Subtitle2, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DeleteRegular, EditRegular, PauseRegular, PlayRegular, SendRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';

import { AppLink } from '../../components/AppLink';
import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { currentUserQuery } from '../../lib/currentUser';
import { useDateFormat } from '../../lib/format';
import { reportQuery, type ReportData } from './api';
import { messageOf } from './ExportProgressCard';
import { useBroughtIntoView, useMarkedItem, useMarkedItemStyles } from './markedItem';
import { reportPanelPath } from './paths';
import { useDeleteSchedule, useSchedules, useSendScheduleNow, useUpdateSchedule, type ReportSchedule } from './scheduleApi';
import { ScheduleDialog } from './ScheduleDialog';
import { deliveryWords, nextRunWords, scheduleRequest, scheduleWords, scheduleWordsInline } from './scheduleWords';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0 },
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalXXS },
});

interface Failure {
  title: string;
  message: string;
}

function ScheduleItem({
  schedule,
  currentUsername,
  opening,
  marked,
  onEdit,
  onRemove,
  onFailure,
}: {
  schedule: ReportSchedule;
  currentUsername: string;
  opening: boolean;
  marked: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onFailure: (failure: Failure) => void;
}) {
  const styles = useStyles();
  const markedStyles = useMarkedItemStyles();
  const dateFormat = useDateFormat();
  const detailsId = useId();
  const send = useSendScheduleNow();
  const update = useUpdateSchedule();
  const { heading } = schedule;

  const toggle = () => {
    const title = schedule.active ? 'Schedule not paused' : 'Schedule not resumed';
    try {
      update.mutate({ scheduleId: schedule.id, body: scheduleRequest(schedule, { active: !schedule.active }) }, { onError: (error) => onFailure({ title, message: error.message }) });
    } catch (error) {
      onFailure({ title, message: messageOf(error) });
    }
  };

  return (
    <li className={mergeClasses(styles.item, marked && markedStyles.marked)} aria-current={marked || undefined}>
      <AppLink to={reportPanelPath(schedule.reportCode)}>{heading}</AppLink>
      <span id={detailsId} className={styles.item}>
        <Caption1>{scheduleWords(schedule)}</Caption1>
        <Caption1>{nextRunWords(schedule, dateFormat)}</Caption1>
        <Caption1 className={styles.muted}>{deliveryWords(schedule, currentUsername)}</Caption1>
        {schedule.lastOutcome && <Caption1 className={styles.muted}>Last: {schedule.lastOutcome}</Caption1>}
      </span>
      <div className={styles.buttons}>
        <Button size="small" icon={<EditRegular />} aria-label={`Edit the schedule of ${heading}`} aria-describedby={detailsId} disabledFocusable={opening} onClick={onEdit}>
          {opening ? 'Opening…' : 'Edit'}
        </Button>
        <Button
          size="small"
          icon={<SendRegular />}
          aria-label={`Send now: ${heading}`}
          aria-describedby={detailsId}
          disabledFocusable={send.isPending}
          onClick={() => send.mutate(schedule.id, { onError: (error) => onFailure({ title: 'Not sent', message: error.message }) })}
        >
          Send now
        </Button>
        <Button
          size="small"
          icon={schedule.active ? <PauseRegular /> : <PlayRegular />}
          aria-label={`${schedule.active ? 'Pause' : 'Resume'} the schedule of ${heading}`}
          aria-describedby={detailsId}
          disabledFocusable={update.isPending}
          onClick={toggle}
        >
          {schedule.active ? 'Pause' : 'Resume'}
        </Button>
        <Button size="small" icon={<DeleteRegular />} aria-label={`Remove the schedule of ${heading}`} aria-describedby={detailsId} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </li>
  );
}

// The reports the person has scheduled to be e-mailed, oldest first: when each is sent and next
// due, how its last sending went, and Edit, Send now, Pause or Resume, and Remove. Nothing when
// there are none, unless the address names one (a notification about it was opened): that one is
// marked and brought into view, or said to be no longer listed.
export function YourSchedules() {
  const styles = useStyles();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const marked = useMarkedItem('schedule');
  const queryClient = useQueryClient();
  const list = useSchedules();
  const currentUsername = useQuery(currentUserQuery).data?.username ?? '';
  const remove = useDeleteSchedule();
  const [opening, setOpening] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ schedule: ReportSchedule; report: ReportData } | null>(null);
  const [removing, setRemoving] = useState<ReportSchedule | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const schedules = list.data?.schedules ?? [];
  const found = marked !== null && schedules.some((schedule) => schedule.id === marked.id);
  const missing = marked !== null && list.isSuccess && !found;
  useBroughtIntoView(section, marked && list.isSuccess ? marked.visit : null, found);

  // The dialog needs the report's panel (its output formats): it is loaded first.
  const edit = async (schedule: ReportSchedule) => {
    setOpening(schedule.id);
    try {
      const report = await queryClient.fetchQuery(reportQuery(schedule.reportCode));
      setEditing({ schedule, report });
    } catch (error) {
      setFailure({ title: 'Schedule not opened', message: messageOf(error) });
    } finally {
      setOpening(null);
    }
  };

  const confirmRemove = () => {
    if (!removing) return;
    const { id } = removing;
    setRemoving(null);
    remove.mutate(id, { onError: (error) => setFailure({ title: 'Schedule not removed', message: error.message }) });
  };

  if (schedules.length === 0 && !missing) return null;
  return (
    <section ref={section} className={styles.section} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        Your schedules
      </Subtitle2>
      {missing && <Body1>The schedule you were told about is no longer listed.</Body1>}
      {schedules.length > 0 && (
        <ol className={styles.list}>
          {schedules.map((schedule) => (
            <ScheduleItem
              key={schedule.id}
              schedule={schedule}
              currentUsername={currentUsername}
              opening={opening === schedule.id}
              marked={schedule.id === marked?.id}
              onEdit={() => void edit(schedule)}
              onRemove={() => setRemoving(schedule)}
              onFailure={setFailure}
            />
          ))}
        </ol>
      )}
      {editing && (
        <ScheduleDialog
          open
          report={editing.report}
          filters={editing.schedule.filters}
          schedule={editing.schedule}
          currentUsername={currentUsername}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove the schedule?"
        confirmText="Remove"
        destructive
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing && `“${removing.heading}” will no longer be sent ${scheduleWordsInline(removing)}.`}
      </ConfirmDialog>
      <MessageDialog open={failure !== null} title={failure?.title ?? ''} onClose={() => setFailure(null)}>
        {failure?.message}
      </MessageDialog>
    </section>
  );
}
