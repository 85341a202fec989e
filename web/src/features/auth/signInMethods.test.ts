import { describe, expect, it } from 'vitest';

import { environmentSettings } from '../../test/fixtures';
import { arrangeMethods, enabledMethods } from './signInMethods';

describe('the sign-in methods offered', () => {
  it('are the username and password form alone when only Dossier credentials are enabled', () => {
    const methods = enabledMethods(environmentSettings());
    expect(methods).toEqual([{ kind: 'dossier', key: 'dossier' }]);
    expect(arrangeMethods(methods, 'dossier')).toEqual({ lead: [{ kind: 'dossier', key: 'dossier' }], others: [] });
  });

  it('lead with Windows when it is the default, the form following', () => {
    const methods = enabledMethods(
      environmentSettings({
        defaultAuthenticationMethod: 'windows',
        webClient_AuthenticationSupportsLocalAD: true,
        loginOptions: [
          { type: 'dossier', id: '' },
          { type: 'windows', id: '' },
        ],
      }),
    );
    expect(methods.map((method) => method.kind)).toEqual(['dossier', 'windows']);
    const { lead, others } = arrangeMethods(methods, 'windows');
    expect(lead.map((method) => method.kind)).toEqual(['windows']);
    expect(others.map((method) => method.kind)).toEqual(['dossier']);
  });

  it('name each cloud-directory registration from webClientAzureAppRegistrations', () => {
    const methods = enabledMethods(
      environmentSettings({
        webClient_AuthenticationSupportsAzure: true,
        webClientAzureAppRegistrations: [
          { id: 'staff', name: 'Council Staff' },
          { id: 'partners', name: 'Partner Agencies' },
        ],
        loginOptions: [
          { type: 'azure', id: 'partners' },
          { type: 'azure', id: 'staff' },
          { type: 'azure', id: 'unnamed' },
        ],
      }),
    );
    expect(methods).toEqual([
      { kind: 'azure', key: 'azure:partners', id: 'partners', name: 'Partner Agencies' },
      { kind: 'azure', key: 'azure:staff', id: 'staff', name: 'Council Staff' },
      // A registration without a name is offered under its id.
      { kind: 'azure', key: 'azure:unnamed', id: 'unnamed', name: 'unnamed' },
    ]);
    // All registrations lead together when the cloud directory is selected.
    expect(arrangeMethods(methods, 'azure').lead).toHaveLength(3);
  });

  it('leave out a listed method whose support is switched off', () => {
    const methods = enabledMethods(
      environmentSettings({
        webClient_AuthenticationSupportsDossierCredentials: false,
        webClient_AuthenticationSupportsLocalAD: true,
        webClient_AuthenticationSupportsAzure: false,
        webClientAzureAppRegistrations: [{ id: 'staff', name: 'Council Staff' }],
        loginOptions: [
          { type: 'dossier', id: '' },
          { type: 'windows', id: '' },
          { type: 'azure', id: 'staff' },
        ],
      }),
    );
    expect(methods).toEqual([{ kind: 'windows', key: 'windows' }]);
  });

  it('are none when nothing is enabled', () => {
    const methods = enabledMethods(
      environmentSettings({
        defaultAuthenticationMethod: '',
        webClient_AuthenticationSupportsDossierCredentials: false,
        loginOptions: [],
      }),
    );
    expect(methods).toEqual([]);
    expect(arrangeMethods(methods, '')).toEqual({ lead: [], others: [] });
  });

  it('lead with the first listed one when the default is not enabled', () => {
    const methods = enabledMethods(
      environmentSettings({
        defaultAuthenticationMethod: 'azure',
        webClient_AuthenticationSupportsLocalAD: true,
        loginOptions: [
          { type: 'windows', id: '' },
          { type: 'dossier', id: '' },
        ],
      }),
    );
    const { lead, others } = arrangeMethods(methods, 'azure');
    expect(lead.map((method) => method.kind)).toEqual(['windows']);
    expect(others.map((method) => method.kind)).toEqual(['dossier']);
  });
});
