import { useQuery } from '@tanstack/react-query';

import { twoFactorStatusQuery } from './twoFactorAccountApi';

// Whether the environment offers two-step verification, for the user menu: asked only once
// `asked` (the menu has opened), so that no page waits on it; until the answer, and when the
// server cannot say, it is not offered.
export function useTwoFactorOffered(asked: boolean): boolean {
  const { data } = useQuery({ ...twoFactorStatusQuery, enabled: asked });
  return data?.offered === true;
}
