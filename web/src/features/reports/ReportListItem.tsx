import { Caption1, makeStyles, tokens } from '@fluentui/react-components';

import { AppLink } from '../../components/AppLink';
import type { ReportSummary } from './api';
import { FavouriteButton } from './FavouriteButton';
import { reportPanelPath } from './paths';

const useStyles = makeStyles({
  item: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
});

const presentationNames: Record<string, string> = {
  table: 'table',
  bar: 'bar chart',
  line: 'line chart',
  pie: 'pie chart',
  stacked: 'stacked bar chart',
};

// "Table and bar chart": how the report shows its result.
export function presentationText(presentations: readonly string[]): string {
  const names = presentations.map((presentation) => presentationNames[presentation] ?? presentation);
  if (names.length === 0) return '';
  const text = names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

// A report in a list of the reports area: its heading (opening its panel), what it is, and its star.
export function ReportListItem({ report }: { report: ReportSummary }) {
  const styles = useStyles();
  const shows = presentationText(report.Presentations);
  return (
    <li className={styles.item}>
      <span className={styles.text}>
        <AppLink to={reportPanelPath(report.ReportCode)}>{report.Heading}</AppLink>
        {report.Description && <Caption1>{report.Description}</Caption1>}
        {shows && <Caption1 className={styles.muted}>{shows}</Caption1>}
      </span>
      <FavouriteButton reportCode={report.ReportCode} heading={report.Heading} favourite={report.Favourite} />
    </li>
  );
}
