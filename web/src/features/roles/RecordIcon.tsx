import { BriefcaseRegular, PersonRegular } from '@fluentui/react-icons';

import type { EntityKind } from '../../lib/records';

// A case or a person, as every list of links shows it.
export function RecordIcon({ kind }: { kind: EntityKind }) {
  return kind === 'case' ? <BriefcaseRegular aria-hidden fontSize={20} /> : <PersonRegular aria-hidden fontSize={20} />;
}
