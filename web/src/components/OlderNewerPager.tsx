import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  pager: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
  },
});

// Pages of a list that runs newest first (a history, a document's versions): Newer, where one is,
// Older.
export function OlderNewerPager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  const styles = useStyles();
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </Button>
      <Body1>
        Page {page} of {pages}
      </Body1>
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Older
      </Button>
    </nav>
  );
}
