// Every answer the API tests receive is checked against server/api/openapi.yaml: its status must be
// documented for the operation, and its body must match that response's schema. So the server and
// the contract (from which the web app's client is typed) cannot drift apart unnoticed.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const here = import.meta.dirname;
export const contractFile = resolve(here, '../../../api/openapi.yaml');

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function pointerPart(text) {
  return text.replaceAll('~', '~0').replaceAll('/', '~1');
}

// A checker of answers against one OpenAPI document (the project's by default).
export function createContract(document = parse(readFileSync(contractFile, 'utf8'))) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'contract');
  const compiled = new Map();

  const operations = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const pattern = new RegExp(`^${template.split('/').map((segment) =>
      segment.startsWith('{') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('/')}$`);
    for (const method of methods) {
      if (item[method]) operations.push({ template, method, pattern, operation: item[method] });
    }
  }

  // Where two templates match an address, the one with a literal segment earlier wins, as in the
  // server's router (/reports/exports before /reports/{reportCode}).
  const isParameter = (segment) => segment.startsWith('{');
  operations.sort((a, b) => {
    const left = a.template.split('/');
    const right = b.template.split('/');
    for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
      if (isParameter(left[i]) !== isParameter(right[i])) return isParameter(left[i]) ? 1 : -1;
    }
    return 0;
  });

  // A response object, following a $ref to components/responses; and its pointer in the document.
  function responseAt(operation, template, method, status) {
    const responses = operation.responses ?? {};
    const key = responses[status] ? status : responses[`${status[0]}XX`] ? `${status[0]}XX` : responses.default ? 'default' : null;
    if (!key) return null;
    let response = responses[key];
    let pointer = `#/paths/${pointerPart(template)}/${method}/responses/${key}`;
    while (response && response.$ref) {
      pointer = response.$ref;
      response = pointer.slice(2).split('/').reduce((node, part) => node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], document);
    }
    return { response, pointer };
  }

  function validatorAt(pointer) {
    if (!compiled.has(pointer)) compiled.set(pointer, ajv.compile({ $ref: `contract${pointer}` }));
    return compiled.get(pointer);
  }

  // The problems of one answer; empty when it keeps the contract. body is the parsed JSON (or
  // undefined), text the raw body.
  function check({ method, path, status, contentType, body, text }) {
    const where = `${method} ${path} → ${status}`;
    const found = operations.find((entry) => entry.method === method.toLowerCase() && entry.pattern.test(path));
    if (!found) {
      // An address the API does not have: it must still be answered in the shared error shape.
      if (path.startsWith('/api/') && status >= 400) {
        const errorSchema = validatorAt('#/components/schemas/Error');
        return errorSchema(body) ? [] : [`${where}: an unknown API address answered without the Error shape: ${ajv.errorsText(errorSchema.errors)}`];
      }
      return [];
    }
    const located = responseAt(found.operation, found.template, found.method, String(status));
    if (!located) {
      return [`${where}: status ${status} is not documented for ${found.method.toUpperCase()} ${found.template} in openapi.yaml`];
    }
    const content = located.response?.content;
    if (!content) {
      return text ? [`${where}: openapi.yaml documents no body, but one was sent: ${text.slice(0, 200)}`] : [];
    }
    const media = Object.keys(content).find((type) => type === '*/*' || (contentType ?? '').startsWith(type));
    if (!media) {
      return [`${where}: content type ${contentType ?? '(none)'} is not one of ${Object.keys(content).join(', ')}`];
    }
    if (!content[media].schema) return [];
    const validate = validatorAt(`${located.pointer}/content/${pointerPart(media)}/schema`);
    // A JSON body is checked parsed; any other (text/plain) as the text it is.
    if (validate(media.includes('json') ? body : text)) return [];
    return validate.errors.map((error) => `${where}: ${error.instancePath || '(body)'} ${error.message}${
      error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''}`);
  }

  // The problems of a value against one schema of the document.
  function checkSchema(pointer, value) {
    const validate = validatorAt(pointer);
    if (validate(value)) return [];
    return validate.errors.map((error) => `${error.instancePath || '(message)'} ${error.message}${
      error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''}`);
  }

  return { check, checkSchema };
}

let shared;

// Throws when an answer breaks the contract, naming the call, the status and what differs.
export function assertKeepsContract(answer) {
  shared ??= createContract();
  const problems = shared.check(answer);
  if (problems.length > 0) {
    throw new Error(`The answer does not keep the contract (server/api/openapi.yaml):\n  ${problems.join('\n  ')}`);
  }
}

// Throws when a message of the realtime hub is not one openapi.yaml describes (HubServerMessage).
export function assertHubMessage(message) {
  shared ??= createContract();
  const problems = shared.checkSchema('#/components/schemas/HubServerMessage', message);
  if (problems.length > 0) {
    throw new Error(`The hub message does not keep the contract (server/api/openapi.yaml): ${JSON.stringify(message)}\n  ${problems.join('\n  ')}`);
  }
}
