import {
  Breadcrumb,
  BreadcrumbButton,
  BreadcrumbDivider,
  BreadcrumbItem,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Fragment } from 'react';
import { useMatches, useNavigate, type UIMatch } from 'react-router';

import { crumbLabels } from '../../lib/breadcrumbs';
import { useStore } from '../../lib/store';

// What a route says about itself for the breadcrumb: its label, and whether it belongs to the
// reports area (whose root is Reports instead of Home); and, for a screen without a breadcrumb of
// its own, its title for the browser tab.
export interface RouteHandle {
  crumb?: string | ((params: Readonly<Record<string, string | undefined>>) => string);
  area?: 'reports';
  title?: string;
}

const useStyles = makeStyles({
  bar: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
  },
});

export function crumbsFor(
  matches: UIMatch<unknown, RouteHandle | undefined>[],
  overrides: ReadonlyMap<string, string> = new Map(),
): { root: 'Home' | 'Reports'; labels: string[] } {
  const reports = matches.some((match) => match.handle?.area === 'reports');
  const labels = matches.flatMap((match) => {
    const crumb = match.handle?.crumb;
    if (!crumb) return [];
    return [overrides.get(match.id) ?? (typeof crumb === 'function' ? crumb(match.params) : crumb)];
  });
  return { root: reports ? 'Reports' : 'Home', labels };
}

// Home (or Reports), then the labels of the routes shown (spec 1 §2).
export function Breadcrumbs() {
  const styles = useStyles();
  const navigate = useNavigate();
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const { root, labels } = crumbsFor(matches, useStore(crumbLabels));
  return (
    <Breadcrumb aria-label="Breadcrumb" className={styles.bar} size="small">
      <BreadcrumbItem>
        <BreadcrumbButton onClick={() => navigate(root === 'Reports' ? '/reports' : '/home')} current={labels.length === 0}>
          {root}
        </BreadcrumbButton>
      </BreadcrumbItem>
      {labels.map((label, index) => (
        <Fragment key={`${index}:${label}`}>
          <BreadcrumbDivider />
          <BreadcrumbItem>
            <BreadcrumbButton current={index === labels.length - 1}>{label}</BreadcrumbButton>
          </BreadcrumbItem>
        </Fragment>
      ))}
    </Breadcrumb>
  );
}
