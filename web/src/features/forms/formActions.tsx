import { AddRegular, ArrowClockwiseRegular, PersonAvailableRegular, PersonDeleteRegular, SearchRegular, TaskListSquareLtrRegular } from '@fluentui/react-icons';

import type { FormLoadResult } from '../../lib/api/types';
import { appHref } from '../../lib/environment';
import { showPanel } from '../../lib/informationBar';
import type { EntityKind } from '../../lib/records';
import { slots } from '../../lib/slots';
import type { HeaderAction } from './EntityHeader';

// The Actions menu of a record: reload; its tasks (when its type has any); a search beneath it
// (Search from here); obsolete or reinstate a person (with the right to delete);
// a new case from a person, only when it is not obsolete and the case may be created (spec 1 §4).
export function formActions({
  load,
  kind,
  isNew,
  identifier,
  onReload,
  onAsk,
  onSearch,
}: {
  load: FormLoadResult;
  kind: EntityKind;
  isNew: boolean;
  identifier: string;
  onReload: () => void;
  onAsk: (dialog: 'obsolete' | 'reinstate') => void;
  onSearch?: () => void;
}): HeaderAction[] {
  if (isNew) return [];
  const info = (load.additionalInfo ?? {}) as Record<string, unknown>;
  const description = load.entityDescription;
  const actions: HeaderAction[] = [{ key: 'reload', label: 'Reload', icon: <ArrowClockwiseRegular />, onClick: onReload }];
  if (load.hasTasks === true) {
    // Spec 2 "Task bar": the record's tasks, first of the information bar's panels.
    actions.push({
      key: 'tasks',
      label: 'Tasks',
      icon: <TaskListSquareLtrRegular />,
      onClick: () => showPanel('taskBar', { title: 'Task bar', content: slots.taskBar(kind, identifier) }),
    });
  }
  if (onSearch) {
    // Spec 2's case/{caseNumber}/search and person/{personId}/search: what is found opens beneath
    // this record.
    actions.push({ key: 'search', label: 'Search from here', icon: <SearchRegular />, onClick: onSearch });
  }
  if (kind === 'person' && load.canDelete) {
    actions.push(
      info.Obsolete === true
        ? { key: 'reinstate', label: 'Reinstate', icon: <PersonAvailableRegular />, onClick: () => onAsk('reinstate') }
        : { key: 'obsolete', label: `Obsolete ${description}`, icon: <PersonDeleteRegular />, onClick: () => onAsk('obsolete') },
    );
  }
  if (kind === 'person' && info.EntityAccessCanCreateNewCase === true && typeof info.NewCaseEntityTypeCode === 'string') {
    const query = new URLSearchParams({ roleCode: String(info.NewCaseRoleCode ?? ''), roleEntityId: identifier });
    const path = `/new/case/${info.NewCaseEntityTypeCode.toLowerCase()}?${query.toString()}`;
    actions.push({
      key: 'new-case',
      label: `New ${String(info.NewCaseEntityDisplayName ?? 'case')}`,
      icon: <AddRegular />,
      onClick: () => window.open(appHref(path), '_blank', 'noopener'),
    });
  }
  return actions;
}
