import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';

import { AppLink } from './AppLink';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXL,
    maxWidth: '640px',
  },
});

// Stands where a screen of a feature that is not built yet will be. It says so plainly and shows
// no made-up data.
export function NotAvailableYet({ title, feature }: { title: string; feature: string }) {
  const styles = useStyles();
  return (
    <section className={styles.page} aria-labelledby="not-available-title">
      <Title2 as="h1" id="not-available-title">
        {title}
      </Title2>
      <Body1>{feature} is not available yet in this version of Dossier.</Body1>
      <Body1>
        <AppLink to="/home">Go to the home page</AppLink>
      </Body1>
    </section>
  );
}
