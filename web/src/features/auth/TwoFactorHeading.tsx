import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode, Ref } from 'react';

const useStyles = makeStyles({
  heading: {
    ...typographyStyles.title2,
    margin: 0,
    color: tokens.colorNeutralForeground1,
  },
});

// The page's one h1 (as Title2 looks). It can take the focus (tabIndex -1) when a step replaces
// the page's content, so that a screen reader starts reading at the new step.
export function TwoFactorHeading({ children, headingRef }: { children: ReactNode; headingRef?: Ref<HTMLHeadingElement> }) {
  const styles = useStyles();
  return (
    <h1 className={styles.heading} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
      {children}
    </h1>
  );
}
