// Does one client's attack slow everyone else down? A person's client calls a trivial
// authenticated route and saves a case, one request at a time on its own connection, first alone
// and then while the server is attacked: clients sending the broadest searches the server accepts
// (and some it refuses), clients saving rich text of script elements up to the size limit, and
// failed sign-ins from 200 client addresses at once. Prints each phase's latencies, what the
// attack got through, and the server's memory, as JSON.
// Usage: node bench/under-attack.mjs <base url> <env> <token> <server pid> <seconds>
// The user of the token must be able to create and change complaints.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [base, env, token, serverPid, seconds = '10'] = process.argv.slice(2);
const phaseMs = Number(seconds) * 1000;
const broadSearches = ['th* an* st* mu* no*', 'the and of', 'sm* jo* wi* br* ta*', 's* '.repeat(300)];
const richText = '<script>x</script>'.repeat(Math.floor((250 * 1024) / 18));

function call(agent, method, path, body, { localAddress, auth = true } = {}) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.request(`${base}${path}`, {
      method, agent, localAddress,
      headers: { ...(auth ? { 'X-Session-Token': token } : {}), 'Content-Type': 'application/json' },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => { text += chunk; });
      response.on('end', () => resolve({
        status: response.statusCode, text, ms: Number(process.hrtime.bigint() - started) / 1e6,
      }));
    });
    request.on('error', (error) => resolve({ status: 0, text: error.message, ms: 0 }));
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

function residentMegabytes() {
  const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

const complaint = (title) => ({
  caseEntityType: 'COMP',
  values: { title, receivedOn: '2026-11-24', channel: 'email', description: 'Music until 2am.' },
});

async function newComplaint(agent, title) {
  const created = await call(agent, 'POST', `/api/${env}/case`, complaint(title));
  if (created.status !== 201) throw new Error(`creating a complaint answered ${created.status}: ${created.text}`);
  return JSON.parse(created.text).caseNumber;
}

async function formOf(agent, number) {
  const load = await call(agent, 'GET', `/api/${env}/form/case/initialise?caseNumber=${encodeURIComponent(number)}`);
  const form = JSON.parse(load.text);
  return { values: { ...form.data }, rowVersion: form.entity.rowVersion };
}

// The person: a trivial call, then a save of one field, again and again.
async function person(ms) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const caseNumber = await newComplaint(agent, 'Noise from the harbour bar');
  const form = await formOf(agent, caseNumber);
  const trivial = [];
  const saves = [];
  const end = Date.now() + ms;
  for (let i = 0; Date.now() < end; i += 1) {
    const current = await call(agent, 'GET', `/api/${env}/currentuser`);
    if (current.status !== 200) throw new Error(`currentuser answered ${current.status}`);
    trivial.push(current.ms);
    form.values.title = `Noise from the harbour bar, note ${i}`;
    const saved = await call(agent, 'PUT', `/api/${env}/case/${encodeURIComponent(caseNumber)}`,
      { values: form.values, rowVersion: form.rowVersion });
    if (saved.status !== 200) throw new Error(`the save answered ${saved.status}: ${saved.text}`);
    form.rowVersion = JSON.parse(saved.text).rowVersion;
    saves.push(saved.ms);
  }
  agent.destroy();
  return { trivial: summary(trivial), save: summary(saves) };
}

async function attack(stopAt, counts) {
  const tally = (name, status) => {
    counts[name] ??= {};
    counts[name][status] = (counts[name][status] ?? 0) + 1;
  };
  const searcher = async (n) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = n; Date.now() < stopAt; i += 1) {
      const text = broadSearches[i % broadSearches.length];
      const answer = await call(agent, 'POST', `/api/${env}/search`,
        { searchString: text, searchEntity: [], entityStatus: 'All', pageSize: 50 });
      tally('broad searches', answer.status);
    }
  };
  const richSaver = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const number = await newComplaint(agent, 'Rich text under attack');
    const form = await formOf(agent, number);
    while (Date.now() < stopAt) {
      form.values.notes = richText;
      const answer = await call(agent, 'PUT', `/api/${env}/case/${encodeURIComponent(number)}`,
        { values: form.values, rowVersion: form.rowVersion });
      tally('rich-text saves of 250 KB', answer.status);
      if (answer.status === 200) form.rowVersion = JSON.parse(answer.text).rowVersion;
    }
  };
  const signInFlood = async (n) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.1.${n + 1}` });
    for (let i = 0; Date.now() < stopAt; i += 1) {
      const answer = await call(agent, 'POST', `/api/${env}/authentication/login`,
        { username: `guess-${n}-${i % 50}`, password: 'Wrong-Password-1' },
        { localAddress: `127.0.1.${n + 1}`, auth: false });
      tally('failed sign-ins from 200 addresses', answer.status);
      if (answer.status === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await Promise.all([
    ...Array.from({ length: 4 }, (_, n) => searcher(n)),
    ...Array.from({ length: 4 }, () => richSaver()),
    ...Array.from({ length: 200 }, (_, n) => signInFlood(n)),
  ]);
}

const memoryBefore = residentMegabytes();
const alone = await person(phaseMs);
const counts = {};
let memoryPeak = residentMegabytes();
const sampler = setInterval(() => { memoryPeak = Math.max(memoryPeak, residentMegabytes()); }, 200);
const attacking = attack(Date.now() + phaseMs + 2000, counts);
await new Promise((resolve) => setTimeout(resolve, 1000));
const underAttack = await person(phaseMs);
await attacking;
clearInterval(sampler);
console.log(JSON.stringify({ alone, underAttack, counts, memory: { before: memoryBefore, peak: memoryPeak } }));
