// What a realistic before-save macro (bench/environments/bench/macros/file_checks.lua, 53 lines)
// adds to a save: saves of a forty-field case file whose type has it against saves of the same
// type without it, one after the other, alternating.
// Usage: node bench/macro-overhead.mjs <base url> <env> <token> <values.json> <rounds>
import { readFileSync } from 'node:fs';

const [base, env, token, valuesFile, rounds = '200'] = process.argv.slice(2);
const values = JSON.parse(readFileSync(valuesFile, 'utf8'));

async function call(method, path, body) {
  const started = process.hrtime.bigint();
  const response = await fetch(`${base}/api/${env}${path}`, {
    method, headers: { 'X-Session-Token': token, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, json };
}

function percentile(list, p) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const files = {};
for (const type of ['FILE', 'FILEM']) {
  const { json } = await call('POST', '/case', { caseEntityType: type, values });
  files[type] = { caseNumber: json.caseNumber, version: json.rowVersion, times: [] };
}
for (let round = 0; round < Number(rounds); round += 1) {
  for (const type of round % 2 === 0 ? ['FILE', 'FILEM'] : ['FILEM', 'FILE']) {
    const file = files[type];
    const { ms, json } = await call('PUT', `/case/${file.caseNumber}`, { values: { ...values, title: `Saved ${round} times` }, rowVersion: file.version });
    file.version = json.rowVersion;
    if (round >= 10) file.times.push(ms);
  }
}
const without = percentile(files.FILE.times, 95);
const withMacro = percentile(files.FILEM.times, 95);
console.log(JSON.stringify({
  saves: files.FILE.times.length,
  withoutP50: percentile(files.FILE.times, 50), withoutP95: without,
  withP50: percentile(files.FILEM.times, 50), withP95: withMacro,
  overheadP95: withMacro - without,
}));
