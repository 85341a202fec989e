import type { GriffelStyle } from '@fluentui/react-components';

// Read by screen readers, not shown: a live status beside a list that shows the same, a column's
// name where the column shows only icons.
export const visuallyHidden: GriffelStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};
