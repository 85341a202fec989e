import type { EnvironmentSettings } from '../../lib/api/types';

// One way to sign in, as the login page offers it.
export type SignInMethod =
  | { kind: 'dossier'; key: 'dossier' }
  | { kind: 'windows'; key: 'windows' }
  | { kind: 'azure'; key: string; id: string; name: string };

// The methods the environment enables, in the order its settings list them (spec 1 §3).
export function enabledMethods(settings: EnvironmentSettings): SignInMethod[] {
  const methods: SignInMethod[] = [];
  const names = new Map(settings.webClientAzureAppRegistrations.map((registration) => [registration.id, registration.name]));
  for (const option of settings.loginOptions) {
    if (option.type === 'dossier' && settings.webClient_AuthenticationSupportsDossierCredentials) {
      methods.push({ kind: 'dossier', key: 'dossier' });
    } else if (option.type === 'windows' && settings.webClient_AuthenticationSupportsLocalAD) {
      methods.push({ kind: 'windows', key: 'windows' });
    } else if (option.type === 'azure' && settings.webClient_AuthenticationSupportsAzure) {
      methods.push({ kind: 'azure', key: `azure:${option.id}`, id: option.id, name: names.get(option.id) ?? option.id });
    }
  }
  return methods;
}

// The selected kind leads; the others follow the Or divider.
export function arrangeMethods(methods: SignInMethod[], selectedKind: string): { lead: SignInMethod[]; others: SignInMethod[] } {
  const kind = methods.some((method) => method.kind === selectedKind) ? selectedKind : methods[0]?.kind;
  return {
    lead: methods.filter((method) => method.kind === kind),
    others: methods.filter((method) => method.kind !== kind),
  };
}
