import {
  AppsList20Regular,
  Briefcase20Regular,
  Document20Regular,
  DocumentText20Regular,
  Folder20Regular,
  Home20Regular,
  Link20Regular,
  People20Regular,
  Person20Regular,
  QuestionCircle20Regular,
  Search20Regular,
  Settings20Regular,
  TaskListLtr20Regular,
  Add20Regular,
  ChartMultiple20Regular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';

// The icon for a menu item's iconClass (spec 1 §3). An unknown class gets a neutral icon.
const icons: Record<string, () => ReactElement> = {
  home: () => <Home20Regular />,
  search: () => <Search20Regular />,
  reports: () => <ChartMultiple20Regular />,
  report: () => <ChartMultiple20Regular />,
  case: () => <Briefcase20Regular />,
  cases: () => <Briefcase20Regular />,
  person: () => <Person20Regular />,
  people: () => <People20Regular />,
  document: () => <Document20Regular />,
  documents: () => <DocumentText20Regular />,
  folder: () => <Folder20Regular />,
  links: () => <Link20Regular />,
  link: () => <Link20Regular />,
  tasks: () => <TaskListLtr20Regular />,
  settings: () => <Settings20Regular />,
  help: () => <QuestionCircle20Regular />,
  add: () => <Add20Regular />,
};

export function menuIcon(iconClass: string): ReactElement {
  return (icons[iconClass.trim().toLowerCase()] ?? (() => <AppsList20Regular />))();
}
