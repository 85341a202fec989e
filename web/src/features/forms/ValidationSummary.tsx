import { Body1, Link, makeStyles, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  item: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
  },
  icon: {
    color: tokens.colorPaletteRedForeground1,
    flexShrink: 0,
    marginTop: '2px',
  },
});

// Spec 2 §9: the first item takes the focus 300 ms after the summary opens (the information bar has
// slid in by then).
export const summaryFocusMs = 300;

export interface Problem {
  field: string;
  label: string;
  message: string;
}

// The validation summary (spec 2): each invalid field with its label and message; activating one
// goes to the field. The first item takes the focus when the summary opens.
export function ValidationSummary({ problems, onActivate }: { problems: Problem[]; onActivate: (field: string) => void }) {
  const styles = useStyles();
  const first = useRef<HTMLAnchorElement & HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Only when the summary opens: as it follows the form later, the focus stays where the person is.
  useEffect(() => {
    const before = document.activeElement;
    timer.current = setTimeout(() => {
      // Someone who has moved on meanwhile (clicked a tab, opened a list) stays where they are.
      if (document.activeElement === before || document.activeElement === document.body) first.current?.focus();
    }, summaryFocusMs);
    return () => clearTimeout(timer.current);
  }, []);
  if (problems.length === 0) return <Body1>No validation errors detected.</Body1>;
  return (
    <ul className={styles.list} aria-label="Fields to correct">
      {problems.map((problem, index) => (
        <li key={problem.field} className={styles.item}>
          <ErrorCircleRegular className={styles.icon} aria-hidden />
          <Link
            as="button"
            ref={index === 0 ? first : undefined}
            onClick={() => {
              // Chosen before the summary took the focus: the field keeps it.
              clearTimeout(timer.current);
              onActivate(problem.field);
            }}
          >
            {problem.label}: {problem.message}
          </Link>
        </li>
      ))}
    </ul>
  );
}
