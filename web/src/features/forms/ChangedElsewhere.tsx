import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';

import { formatDateTime } from '../../lib/format';
import type { RecordChange } from '../../lib/hub';

// Someone else saved the record shown (the realtime hub said so): the person learns it before
// saving, instead of from a conflict after.
export function ChangedElsewhere({
  change,
  description,
  dirty,
  onReload,
}: {
  change: RecordChange;
  description: string;
  dirty: boolean;
  onReload: () => void;
}) {
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="changed-elsewhere">
      <MessageBarBody>
        <MessageBarTitle>Changed since you opened it</MessageBarTitle>
        {change.by} saved this {description.toLowerCase()} at {formatDateTime(change.at)}.{' '}
        {dirty ? 'Saving now would be refused: reload to see their changes (yours will be lost).' : 'Reload to see their changes.'}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={onReload}>{dirty ? 'Reload and discard mine' : 'Reload'}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
