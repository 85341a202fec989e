// The links' latency with several clients at once: the entity lookup's search (any person, one
// person type, any case) and the duplicate check of a new person against every person.
// Usage: node bench/links-latency.mjs <base url> <env> <token> <clients> <rounds>
import { measureLatency } from './http-latency.mjs';

const [base, env, token, clients = '4', rounds = '30'] = process.argv.slice(2);
const settings = { base, token, clients: Number(clients), rounds: Number(rounds) };

// Each call's p50 and p95 and its last answer, the calls measured together (http-latency.mjs).
async function measure(calls) {
  const measured = await measureLatency({ ...settings, calls });
  return calls.map((call, i) => ({ name: call.name, ...measured[i] }));
}

const lookup = (name, entity, text, parentEntityType) => ({
  name,
  method: 'POST',
  path: `/api/${env}/search`,
  body: {
    searchString: text, searchEntity: [parentEntityType ? { entity, parentEntityType } : { entity }], page: 1, pageSize: 10,
  },
});
const duplicate = (name, values) => ({
  name,
  method: 'POST',
  path: `/api/${env}/form/person/duplicates`,
  body: { personType: 'IND', values },
});

const lookups = await measure([
  lookup('any person: a common surname', 'Person', 'Smith'),
  lookup('any person: first name and surname', 'Person', 'Mary Jones'),
  lookup('any person: a rare name', 'Person', 'Papadopoulos'),
  lookup('individuals: a prefix', 'IND', 'Will*', 'Person'),
  lookup('any case: title words', 'Case', 'noise night'),
  lookup('any case: a case number', 'Case', 'CMP-2026-00042'),
]);
const duplicates = await measure([
  duplicate('common name, birth date', { firstName: 'Mary', surname: 'Smith', dateOfBirth: '1970-01-01' }),
  duplicate('common name, no date', { firstName: 'James', surname: 'Jones' }),
  duplicate('rare name', { firstName: 'Eleni', surname: 'Papadopoulos', dateOfBirth: '1985-06-30' }),
  duplicate('prefix of a common first name', { firstName: 'Will', surname: 'Williams' }),
]);
const summary = (list) => list.map(({ name, p50, p95, result }) => ({
  name, p50, p95, found: result?.totalCount ?? result?.duplicates?.length ?? null,
}));
console.log(JSON.stringify({ lookups: summary(lookups), duplicates: summary(duplicates) }, null, 2));
