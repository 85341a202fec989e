import { useMutation, useQueryClient } from '@tanstack/react-query';

import { reportKeys, setFavourite, type ReportData } from './api';

interface Change {
  reportCode: string;
  favourite: boolean;
}

type ReportList = { reports: Array<{ ReportCode: string; Favourite: boolean }> };

// Marks a report a favourite, or not: the star changes at once, and goes back should the server
// refuse (the failure is then the mutation's error, for the screen to say).
export function useFavourite() {
  const queryClient = useQueryClient();
  const apply = ({ reportCode, favourite }: Change) => {
    queryClient.setQueryData<ReportList>(reportKeys.list(), (list) =>
      list && { ...list, reports: list.reports.map((report) => (report.ReportCode === reportCode ? { ...report, Favourite: favourite } : report)) },
    );
    queryClient.setQueryData<ReportData>(reportKeys.one(reportCode), (report) => report && { ...report, Favourite: favourite });
  };
  return useMutation({
    mutationFn: ({ reportCode, favourite }: Change) => setFavourite(reportCode, favourite),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: reportKeys.list() });
      apply(change);
    },
    onError: (_error, change) => apply({ ...change, favourite: !change.favourite }),
  });
}
