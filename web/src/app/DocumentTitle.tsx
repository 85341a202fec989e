import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMatches, type UIMatch } from 'react-router';

import { crumbLabels } from '../lib/breadcrumbs';
import { documentTitle, pageTitle } from '../lib/pageTitle';
import { chromeSettingsQuery } from '../lib/settings';
import { useStore } from '../lib/store';
import { crumbsFor, type RouteHandle } from './shell/Breadcrumbs';

// Keeps the browser tab's title on what is shown: the title a screen gives itself (a record's
// number and name, the words searched for), else its route's title or last breadcrumb.
export function DocumentTitle() {
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const labels = crumbsFor(matches, useStore(crumbLabels)).labels;
  const page = useStore(pageTitle);
  const { data: chrome } = useQuery(chromeSettingsQuery);
  const named = [...matches].reverse().find((match) => match.handle?.title)?.handle?.title;
  const title = documentTitle(page ?? labels.at(-1) ?? named ?? null, chrome?.environmentName);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
