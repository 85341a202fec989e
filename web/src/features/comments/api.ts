import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { recordKeys } from '../../lib/records';

export type Comment = Schemas['Comment'];

// A person's comments are queries about the person (lib/records.ts).
export const commentKeys = {
  list: (personId: string) => [...recordKeys.one('person', personId), 'comments'] as const,
  one: (personId: string, guid: string) => [...recordKeys.one('person', personId), 'comment', guid] as const,
};

export function commentsQuery(personId: string) {
  return queryOptions({
    queryKey: commentKeys.list(personId),
    queryFn: () => answer(api.GET('/persondata/{personGuid}/comments', { params: { path: { personGuid: personId } } })),
  });
}

export function commentQuery(personId: string, guid: string | null) {
  return queryOptions({
    queryKey: commentKeys.one(personId, guid ?? 'new'),
    queryFn: () =>
      guid
        ? answer(api.POST('/persondata/{personGuid}/comment/{commentGuid}', { params: { path: { personGuid: personId, commentGuid: guid } } }))
        : answer(api.POST('/persondata/{personGuid}/comment', { params: { path: { personGuid: personId } } })),
    staleTime: 0,
    gcTime: 0,
  });
}

export interface CommentDetails {
  CommentGuid: string;
  OwnerIdentifier: string;
  CommentHtml: string;
  AsAtDateString: string;
  RowVersion: number;
}

export function saveComment(details: CommentDetails) {
  return answer(
    api.POST('/persondata/comment/save', {
      body: { commentDetails: { OwnerType: 'P', ...details }, formId: 'comment', layoutElementId: 'comments' },
    }),
  );
}

export function deleteComment(guid: string) {
  return answer(api.POST('/persondata/comment/delete', { body: { commentGuid: guid } }));
}
