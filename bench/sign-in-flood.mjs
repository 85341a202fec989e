// Who gets in during a sign-in flood? 200 client addresses try to sign in as fast as they are
// answered — with made-up usernames, or with wrong passwords for real accounts — while people sign
// in to their own accounts one at a time, each from an address of their own with no failures
// (and the owner of one flooded account from the computer they signed in from before). Prints the
// people's answers and times, and what the flood got, as JSON.
// Usage: node bench/sign-in-flood.mjs <base url> <env> <seconds> <made-up|wrong-passwords>
//   <password> <person>… -- <victim>…
// The people and the victims are existing users of env with that password.
import http from 'node:http';

const [base, env, seconds, kind, password, ...names] = process.argv.slice(2);
const split = names.indexOf('--');
const people = names.slice(0, split);
const victims = names.slice(split + 1);
const durationMs = Number(seconds) * 1000;

function login(agent, localAddress, username, secret) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.request(`${base}/api/${env}/authentication/login`, {
      method: 'POST', agent, localAddress, headers: { 'Content-Type': 'application/json' },
    }, (response) => {
      response.resume();
      response.on('end', () => resolve({
        status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6,
      }));
    });
    request.on('error', () => resolve({ status: 0, ms: 0 }));
    request.end(JSON.stringify({ username, password: secret }));
  });
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { p50: at(50), p95: at(95), max: sorted.at(-1) ?? 0 };
}

const tally = (counts, status) => { counts[status] = (counts[status] ?? 0) + 1; };

// The owner of the first victim account signs in from their own computer before the flood.
const ownerAddress = '127.0.2.250';
const before = await login(undefined, ownerAddress, victims[0], password);

const floodCounts = {};
let stopped = false;
const flood = Array.from({ length: 200 }, async (_, n) => {
  const localAddress = `127.0.1.${n + 1}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
  for (let i = 0; !stopped; i += 1) {
    const username = kind === 'made-up' ? `guess-${n}-${i % 50}` : victims[(n + i) % victims.length];
    const answer = await login(agent, localAddress, username, `Wrong-Password-${i}`);
    tally(floodCounts, answer.status);
    if (answer.status === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  agent.destroy();
});

// A second for the flood to fill the queue, then the people, evenly over the rest of the time.
const floodStarted = Date.now();
await new Promise((resolve) => setTimeout(resolve, 1000));
const gap = (durationMs - 1000) / (people.length + 1);
const answers = [];
for (const [i, person] of [...people, victims[0]].entries()) {
  const started = Date.now();
  const isOwner = i === people.length;
  const answer = await login(undefined, isOwner ? ownerAddress : `127.0.2.${i + 1}`, person, password);
  answers.push({
    who: isOwner ? 'owner of a flooded account, known address' : 'person, new address',
    at: (started - floodStarted) / 1000,
    ...answer,
  });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, gap - (Date.now() - started))));
}
stopped = true;
await Promise.all(flood);

const peopleAnswers = answers.filter((answer) => answer.who.startsWith('person'));
const statusesOf = (list) => list.reduce((counts, answer) => { tally(counts, answer.status); return counts; }, {});
console.log(JSON.stringify({
  kind,
  ownerBeforeFlood: before.status,
  people: {
    count: peopleAnswers.length,
    admitted: peopleAnswers.filter((a) => a.status === 200).length,
    statuses: statusesOf(peopleAnswers),
    ms: summary(peopleAnswers.map((a) => a.ms)),
    // When each tried (seconds into the flood) and what they were answered.
    timeline: peopleAnswers.map((a) => `${a.at.toFixed(1)}s ${a.status}`),
  },
  owner: answers.at(-1),
  flood: floodCounts,
  floodRequestsPerSecond: Object.values(floodCounts).reduce((a, b) => a + b, 0) / Number(seconds),
}));
