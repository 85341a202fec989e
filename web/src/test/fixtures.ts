import type { ChromeSettings, CurrentUser, EnvironmentSettings } from '../lib/api/types';

// Answers of the settings and current-user calls, as the demo environment gives them; a test
// overrides what it is about.

export function chromeSettings(overrides: Partial<ChromeSettings> = {}): ChromeSettings {
  return {
    logoImage: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    backgroundImage: '',
    logoDescription: 'Demo County Council',
    backgroundImageDescription: '',
    helpFile: '',
    smallScreenSize: 474,
    mediumScreenSize: 800,
    isApplicationMessagesVerbose: false,
    version: '0.1.0 Build 20261122.abc',
    environmentName: 'Demo',
    ...overrides,
  };
}

export function environmentSettings(overrides: Partial<EnvironmentSettings> = {}): EnvironmentSettings {
  return {
    defaultAuthenticationMethod: 'dossier',
    webClient_AuthenticationSupportsDossierCredentials: true,
    webClient_AuthenticationSupportsLocalAD: false,
    webClient_AuthenticationSupportsAzure: false,
    webClientAzureAppRegistrations: [],
    loginOptions: [{ type: 'dossier', id: '' }],
    standardRequestTimeOutInSecs: 30,
    downloadRequestTimeOutInSecs: 300,
    reportServerApiEndpoint: '',
    googleMapApiKey: '',
    dateFormat: 'DD/MM/YYYY',
    environmentName: 'Demo',
    botCheck: 'off',
    ...overrides,
  };
}

export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    username: 'jsmith',
    displayName: 'Jane Smith',
    personId: 12,
    highContrast: false,
    mustChangePassword: false,
    canChangePassword: true,
    ...overrides,
  };
}
