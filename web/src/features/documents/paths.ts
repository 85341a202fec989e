import { recordPath } from '../../lib/records';

// A document's screens under its case (spec 2 route table): documentproperties/{id} (new: 'new')
// and checkin/{id}.
export function documentPath(caseNumber: string, guid: string, screen: 'documentproperties' | 'checkin' = 'documentproperties'): string {
  return `${recordPath('case', caseNumber)}/${screen}/${guid}`;
}
