import { Suspense, lazy } from 'react';

import { Loading } from '../components/LoadingMask';
import { registerSlots } from '../lib/slots';

// Each view loads with the first screen that shows it, not with the app.
const EntityPreviewPanel = lazy(() =>
  import('../features/preview/EntityPreviewPanel').then((module) => ({ default: module.EntityPreviewPanel })),
);
const AddressPreviewPanel = lazy(() =>
  import('../features/preview/AddressPreviewPanel').then((module) => ({ default: module.AddressPreviewPanel })),
);
const DocumentsGrid = lazy(() =>
  import('../features/documents/DocumentsGrid').then((module) => ({ default: module.DocumentsGrid })),
);
const DocumentPreviewPanel = lazy(() =>
  import('../features/documents/DocumentPreviewPanel').then((module) => ({ default: module.DocumentPreviewPanel })),
);
const FiledReportPreview = lazy(() =>
  import('../features/reports/FiledReportPreview').then((module) => ({ default: module.FiledReportPreview })),
);
const RolesGrid = lazy(() => import('../features/roles/RolesGrid').then((module) => ({ default: module.RolesGrid })));
const RolesHeldList = lazy(() => import('../features/roles/RolesHeldList').then((module) => ({ default: module.RolesHeldList })));
const AlternateNamesGrid = lazy(() =>
  import('../features/alternatenames/AlternateNamesGrid').then((module) => ({ default: module.AlternateNamesGrid })),
);
const CommentsList = lazy(() => import('../features/comments/CommentsList').then((module) => ({ default: module.CommentsList })));
const CrossReferencesGrid = lazy(() =>
  import('../features/crossreferences/CrossReferencesGrid').then((module) => ({ default: module.CrossReferencesGrid })),
);
const CaseActionsGrid = lazy(() => import('../features/caseactions/CaseActionsGrid').then((module) => ({ default: module.CaseActionsGrid })));
const TaskBar = lazy(() => import('../features/tasks/TaskBar').then((module) => ({ default: module.TaskBar })));
const HistoryView = lazy(() => import('../features/history/HistoryView').then((module) => ({ default: module.HistoryView })));

// The views features show of each other (lib/slots.ts).
export function registerFeatureSlots(): void {
  registerSlots({
    entityPreview: (kind, identifier, { open }) => (
      <Suspense fallback={<Loading />}>
        <EntityPreviewPanel kind={kind} identifier={identifier} offerOpen={open} />
      </Suspense>
    ),
    addressPreview: (address) => (
      <Suspense fallback={<Loading />}>
        <AddressPreviewPanel address={address} />
      </Suspense>
    ),
    documents: (caseNumber, actionGuid) => (
      <Suspense fallback={<Loading />}>
        <DocumentsGrid caseNumber={caseNumber} actionGuid={actionGuid} />
      </Suspense>
    ),
    documentPreview: (caseNumber, guid) => (
      <Suspense fallback={<Loading />}>
        <DocumentPreviewPanel key={guid} caseNumber={caseNumber} guid={guid} />
      </Suspense>
    ),
    filedReport: (reportCode, filters, filed) => (
      <Suspense fallback={<Loading />}>
        <FiledReportPreview reportCode={reportCode} filters={filters} filed={filed} />
      </Suspense>
    ),
    roles: (place, component) => (
      <Suspense fallback={<Loading />}>
        <RolesGrid place={place} component={component} />
      </Suspense>
    ),
    rolesHeld: (place, component) => (
      <Suspense fallback={<Loading />}>
        <RolesHeldList place={place} component={component} />
      </Suspense>
    ),
    alternateNames: (place, component) => (
      <Suspense fallback={<Loading />}>
        <AlternateNamesGrid place={place} component={component} />
      </Suspense>
    ),
    comments: (place, component) => (
      <Suspense fallback={<Loading />}>
        <CommentsList place={place} component={component} />
      </Suspense>
    ),
    crossReferences: (place, component) => (
      <Suspense fallback={<Loading />}>
        <CrossReferencesGrid place={place} component={component} />
      </Suspense>
    ),
    caseActions: (place, component) => (
      <Suspense fallback={<Loading />}>
        <CaseActionsGrid place={place} component={component} />
      </Suspense>
    ),
    taskBar: (kind, identifier) => (
      <Suspense fallback={<Loading />}>
        <TaskBar kind={kind} identifier={identifier} />
      </Suspense>
    ),
    history: (kind, identifier) => (
      <Suspense fallback={<Loading />}>
        <HistoryView kind={kind} identifier={identifier} />
      </Suspense>
    ),
  });
}
