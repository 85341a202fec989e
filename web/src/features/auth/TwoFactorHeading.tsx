import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode, Ref } from 'react';

const useStyles = makeStyles({
  heading: {
    margin: 0,
    color: tokens.colorNeutralForeground1,
  },
  page: typographyStyles.title2,
  step: typographyStyles.subtitle2,
});

// The page's one h1 (as Title2 looks), or at level 3 a step's heading under a dialog's title (h2).
// It can take the focus (tabIndex -1) when a step replaces the content, so that a screen reader
// starts reading at the new step.
export function TwoFactorHeading({
  children,
  headingRef,
  level = 1,
}: {
  children: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  level?: 1 | 3;
}) {
  const styles = useStyles();
  const Heading = level === 1 ? 'h1' : 'h3';
  return (
    <Heading
      className={mergeClasses(styles.heading, level === 1 ? styles.page : styles.step)}
      ref={headingRef}
      tabIndex={headingRef ? -1 : undefined}
    >
      {children}
    </Heading>
  );
}
