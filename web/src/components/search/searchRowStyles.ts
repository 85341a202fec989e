import { makeStyles, tokens } from '@fluentui/react-components';

// The row of a search's fields, as the search page, a record's and a macro's search and the lookup
// lay it out: the text grows from a fixed basis, so the row wraps at the same widths whatever the
// fields hold; the choices keep their own width.
export const useSearchRowStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  text: { flex: '1 1 220px', minWidth: '220px', maxWidth: '520px' },
  choice: { minWidth: '180px' },
});
