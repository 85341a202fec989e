import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  confirmTwoFactorChange,
  renewRecoveryCodes,
  startTwoFactorChange,
  turnTwoFactorOff,
  twoFactorAccountKeys,
  type StartProof,
} from './twoFactorAccountApi';

// Asks the server again for the person's two-step verification: the dialog and the user menu show it.
export function useRefreshTwoFactorStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorAccountKeys.status });
}

// Starting changes nothing yet: the status stays as it is until the new secret is confirmed.
export function useStartTwoFactorChange() {
  return useMutation({
    mutationKey: twoFactorAccountKeys.change,
    mutationFn: (proof: StartProof) => startTwoFactorChange(proof),
  });
}

export function useConfirmTwoFactorChange() {
  const refresh = useRefreshTwoFactorStatus();
  return useMutation({
    mutationKey: twoFactorAccountKeys.change,
    mutationFn: ({ setupToken, code }: { setupToken: string; code: string }) => confirmTwoFactorChange(setupToken, code),
    onSuccess: refresh,
  });
}

export function useRenewRecoveryCodes() {
  const refresh = useRefreshTwoFactorStatus();
  return useMutation({
    mutationKey: twoFactorAccountKeys.change,
    mutationFn: (code: string) => renewRecoveryCodes(code),
    onSuccess: refresh,
  });
}

export function useTurnTwoFactorOff() {
  const refresh = useRefreshTwoFactorStatus();
  return useMutation({
    mutationKey: twoFactorAccountKeys.change,
    mutationFn: (code: string) => turnTwoFactorOff(code),
    onSuccess: refresh,
  });
}
