import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { fixtureEnvironments, startServer, uniqueName } from './support/server.mjs';

describe('environment settings', () => {
  let server;
  before(async () => { server = await startServer(); });
  after(() => server.stop());

  test('chrome settings carry the branding and screen sizes, without a session', async () => {
    const response = await server.call('/api/acme/chromesettings');
    assert.equal(response.status, 200);
    const logo = readFileSync(join(fixtureEnvironments, 'acme/branding/logo.png')).toString('base64');
    const background = readFileSync(join(fixtureEnvironments, 'acme/branding/background.png')).toString('base64');
    assert.deepEqual({ ...response.json, version: undefined }, {
      logoImage: logo,
      backgroundImage: background,
      logoDescription: 'Acme logo',
      backgroundImageDescription: 'Acme background',
      helpFile: 'https://help.example.org/dossier.pdf',
      smallScreenSize: 480,
      mediumScreenSize: 960,
      isApplicationMessagesVerbose: true,
      version: undefined,
      environmentName: 'Acme Licensing',
    });
    assert.match(response.json.version, /^\d+\.\d+\.\d+ Build \S+$/);
  });

  test('an environment without branding answers empty images', async () => {
    const response = await server.call('/api/brief/chromesettings');
    assert.equal(response.json.logoImage, '');
    assert.equal(response.json.backgroundImage, '');
    assert.equal(response.json.smallScreenSize, 474);
    assert.equal(response.json.mediumScreenSize, 800);
  });

  test('application settings say how to sign in, without a session', async () => {
    const response = await server.call('/api/acme/environmentsettings');
    assert.equal(response.status, 200);
    assert.deepEqual(response.json, {
      defaultAuthenticationMethod: 'dossier',
      webClient_AuthenticationSupportsDossierCredentials: true,
      webClient_AuthenticationSupportsLocalAD: false,
      webClient_AuthenticationSupportsAzure: false,
      webClientAzureAppRegistrations: [],
      loginOptions: [{ type: 'dossier', id: '' }],
      standardRequestTimeOutInSecs: 40,
      downloadRequestTimeOutInSecs: 600,
      reportServerApiEndpoint: '',
      googleMapApiKey: 'test-maps-key',
      dateFormat: 'DD MMM YYYY',
      environmentName: 'Acme Licensing',
      botCheck: 'off',
    });
  });

  test('an environment with no sign-in method offers none', async () => {
    const response = await server.call('/api/closed/environmentsettings');
    assert.equal(response.json.webClient_AuthenticationSupportsDossierCredentials, false);
    assert.deepEqual(response.json.loginOptions, []);
    assert.equal(response.json.defaultAuthenticationMethod, '');
  });

  test('the menu comes from the environment configuration', async () => {
    const name = uniqueName('menu');
    server.addUser(name, 'Right-Password-1');
    const token = await server.token(name, 'Right-Password-1');
    const response = await server.call('/api/acme/menu', { token });
    assert.equal(response.status, 200);
    assert.deepEqual(response.json, [
      { id: 'home', name: 'Home', path: '/home', iconClass: 'home', disabled: false, subMenuItems: [] },
      { id: 'search', name: 'Search', path: '/search', iconClass: 'search', disabled: true, subMenuItems: [] },
      {
        id: 'links',
        name: 'Links',
        path: '',
        iconClass: 'links',
        disabled: false,
        subMenuItems: [{ name: 'Intranet', path: 'https://intranet.example.org' }],
      },
    ]);
  });

  test('settings of an unknown environment are a 404', async () => {
    const response = await server.call('/api/nowhere/chromesettings');
    assert.equal(response.status, 404);
    assert.equal(response.json.error, 'environments.not_found');
  });
});
