// The links' latency with several clients at once: the entity lookup's search (any person, one
// person type, any case) and the duplicate check of a new person against every person.
// Usage: node bench/links-latency.mjs <base url> <env> <token> <clients> <rounds>
import http from 'node:http';

const [base, env, token, clients = '4', rounds = '30'] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(clients) });

function call(method, path, body) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(`${base}${path}`, {
      method, agent, headers: { 'X-Session-Token': token, 'Content-Type': 'application/json' },
    }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (response.statusCode !== 200) {
          reject(new Error(`${path} answered ${response.statusCode}: ${Buffer.concat(chunks)}`));
          return;
        }
        resolve({ ms, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      });
    });
    request.on('error', reject);
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(requests) {
  const times = requests.map(() => []);
  const results = requests.map(() => null);
  await Promise.all(Array.from({ length: Number(clients) }, async (_, client) => {
    for (let round = 0; round < Number(rounds); round += 1) {
      for (let i = 0; i < requests.length; i += 1) {
        const index = (i + client * 3) % requests.length;
        const { ms, json } = await requests[index].run();
        if (round > 0) times[index].push(ms);
        results[index] = json;
      }
    }
  }));
  return requests.map((request, i) => ({ name: request.name, p50: percentile(times[i], 50), p95: percentile(times[i], 95), result: results[i] }));
}

const lookup = (name, entity, text, parentEntityType) => ({
  name,
  run: () => call('POST', `/api/${env}/search`, {
    searchString: text, searchEntity: [parentEntityType ? { entity, parentEntityType } : { entity }], page: 1, pageSize: 10,
  }),
});
const duplicate = (name, values) => ({
  name,
  run: () => call('POST', `/api/${env}/form/person/duplicates`, { personType: 'IND', values }),
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
