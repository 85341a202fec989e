import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDoubleLeftRegular, ChevronDoubleRightRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';

import type { ReactElement } from 'react';

import { pageButtonCount, pageButtons } from './pager';

const useStyles = makeStyles({
  pager: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  // As wide as a page number needs, not a button's usual 96 px: the pager stays on one line.
  button: {
    minWidth: '32px',
    paddingLeft: tokens.spacingHorizontalS,
    paddingRight: tokens.spacingHorizontalS,
  },
});

// The pages of results: first, previous, up to 7 numbers on tablet-sized screens (3 otherwise,
// spec 1 §9), next, last.
export function ResultsPager({ page, pages, width, onPage }: { page: number; pages: number; width: number; onPage: (page: number) => void }) {
  const styles = useStyles();
  const buttons = pageButtons(page, pages, pageButtonCount(width));
  const step = (label: string, icon: ReactElement, target: number, disabled: boolean) => (
    <Button className={styles.button} appearance="subtle" icon={icon} aria-label={label} disabled={disabled} onClick={() => onPage(target)} />
  );
  return (
    <nav className={styles.pager} aria-label="Pages of results">
      {step('First page', <ChevronDoubleLeftRegular />, 1, page === 1)}
      {step('Previous page', <ChevronLeftRegular />, page - 1, page === 1)}
      {buttons.map((number) => (
        <Button
          key={number}
          className={styles.button}
          appearance={number === page ? 'primary' : 'subtle'}
          aria-label={`Page ${number}`}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onPage(number)}
        >
          {number}
        </Button>
      ))}
      {step('Next page', <ChevronRightRegular />, page + 1, page >= pages)}
      {step('Last page', <ChevronDoubleRightRegular />, pages, page >= pages)}
    </nav>
  );
}
