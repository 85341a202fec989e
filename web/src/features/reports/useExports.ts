import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { downloadThroughLink } from '../../lib/downloadLink';
import { hub, useHubState } from '../../lib/hub';
import { cancelExport, downloadExport, exportsQuery, reportKeys, type ExportedFile, type ReportExport, type ReportExportList } from './api';
import { isUnfinished, withExport } from './exportList';

// How often the exports are asked for while one is under way and the hub cannot tell of them.
const pollWithoutHubMs = 3_000;

// Puts an export into the person's list of exports, in its place or first.
export function putExport(queryClient: QueryClient, exported: ReportExport): void {
  queryClient.setQueryData<ReportExportList>(reportKeys.exports(), (list) => withExport(list, exported));
}

// Keeps the list of exports up to date with the hub's reportExport messages, which every tab of the
// person gets as an export moves on. Mounted where exports are shown: the reports area and a
// report's panel.
export function useExportUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => hub.on('reportExport', (message) => putExport(queryClient, message.export)), [queryClient]);
}

// The person's background exports, newest first. While one is under way and the hub is not
// connected, they are asked for again every few seconds instead (everything works without the hub).
export function useExports(enabled = true) {
  const hubOpen = useHubState() === 'open';
  return useQuery({
    ...exportsQuery,
    enabled,
    refetchInterval: (query) => (!hubOpen && query.state.data?.exports.some(isUnfinished) ? pollWithoutHubMs : false),
  });
}

export function useCancelExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exportId: number) => cancelExport(exportId),
    onSuccess: (exported) => putExport(queryClient, exported),
  });
}

// Fetches a finished export's file through a hidden link, with a fresh one-time address.
export async function downloadExportFile(exportId: number): Promise<ExportedFile> {
  const issued = await downloadExport(exportId);
  await downloadThroughLink(issued.url, issued.fileName);
  return issued;
}
