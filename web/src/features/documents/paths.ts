import { recordPath } from '../../lib/records';

// A document's screens under its case (spec 2 route table): documentproperties/{id} (new: 'new')
// and checkin/{id}; under caseaction/{actionId} for the documents filed with an action.
export function documentPath(
  caseNumber: string,
  guid: string,
  screen: 'documentproperties' | 'checkin' = 'documentproperties',
  actionGuid?: string,
): string {
  return `${documentsHome(caseNumber, actionGuid)}/${screen}/${guid}`;
}

// Where a case's documents are shown: the case, or the action they are filed with.
export function documentsHome(caseNumber: string, actionGuid?: string): string {
  return actionGuid ? `${recordPath('case', caseNumber)}/caseaction/${actionGuid}` : recordPath('case', caseNumber);
}
