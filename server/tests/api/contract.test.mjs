import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { createContract } from './support/contract.mjs';

// The check every API test's answers go through (support/server.mjs → support/contract.mjs)
// catches each way the server could drift from server/api/openapi.yaml.
const contract = createContract();
const menu = { id: 'home', name: 'Home', path: '/home', iconClass: 'home', disabled: false, subMenuItems: [] };

function problems(answer) {
  return contract.check({ method: 'GET', path: '/api/demo/menu', contentType: 'application/json; charset=utf-8', status: 200, ...answer });
}

describe('the contract check of an answer', () => {
  test('passes an answer that keeps the contract', () => {
    assert.deepEqual(problems({ body: [menu] }), []);
  });

  test('reports a missing required field, a field of the wrong type and a field the contract does not know', () => {
    const { name: _, ...nameless } = menu;
    assert.match(problems({ body: [nameless] }).join('\n'), /GET \/api\/demo\/menu → 200: \/0 must have required property 'name'/);
    assert.match(problems({ body: [{ ...menu, disabled: 'no' }] }).join('\n'), /\/0\/disabled must be boolean/);
    assert.match(problems({ body: [{ ...menu, secret: 1 }] }).join('\n'), /\/0 must NOT have additional properties/);
  });

  test('reports a status the operation does not document', () => {
    assert.match(problems({ status: 418, body: {} }).join('\n'), /status 418 is not documented for GET \/api\/\{env\}\/menu/);
  });

  test('reports an internal error that tells more than the generic message', () => {
    const leak = {
      error: 'index.failed',
      message: 'search: DatabaseCorruptError: postlist.glass is corrupt',
      correlationId: 'c-1',
    };
    assert.match(problems({ status: 500, body: leak }).join('\n'), /\/message must be equal to constant/);
    const generic = { ...leak, message: 'Something went wrong on the server. Please try again later or contact your system administrator.' };
    assert.deepEqual(problems({ status: 500, body: generic }), []);
  });

  test('reports a body where the contract has none, and the wrong content type', () => {
    assert.match(
      contract.check({ method: 'POST', path: '/api/demo/authentication/logout', status: 204, text: '{}' }).join('\n'),
      /documents no body, but one was sent/,
    );
    assert.match(problems({ contentType: 'text/html', body: undefined, text: '<p>' }).join('\n'), /content type text\/html is not one of application\/json/);
  });

  test('holds an unknown API address to the shared error shape', () => {
    assert.deepEqual(
      contract.check({ method: 'GET', path: '/api/demo/nothing', status: 404, body: { error: 'api.not_found', message: 'No.', correlationId: 'c' } }),
      [],
    );
    assert.match(contract.check({ method: 'GET', path: '/api/demo/nothing', status: 404, body: { oops: true } }).join('\n'), /without the Error shape/);
  });
});
