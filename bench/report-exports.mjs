// Reports through the server's HTTP API, for bench/reports.sh; each mode prints one line of JSON.
//
//   node bench/report-exports.mjs view   <base url> <env> <token> <report> <runs> [filters JSON]
//     runs the report for viewing (POST /reports/report) <runs> times, one after the other:
//     {seconds: [...], median, min, max, groups, counted (the last measure summed over the first page)}
//   node bench/report-exports.mjs window <base url> <env> <token> <report> <rows>
//     from a report of rows per day, newest day first ({day, count} groups), the first day from
//     which on about <rows> rows were made: {from, rows} (from null: all of them are fewer)
//   node bench/report-exports.mjs export <base url> <env> <token> <server pid> <report> <format> [filters JSON]
//     exports the report and downloads the file, sampling the server's VmRSS every 100 ms:
//     {seconds (the POST to the last byte downloaded), prepared (the POST to the token), answer
//     (200, or 202 for an export run in the background), polls, rows, bytes, rssBefore, rssPeak,
//     growth (MB)}; for a file that could not be made, {failed: true, message, seconds (until it
//     was known) …}
//
// The export API answers 200 {documentAccessToken} for a file made at once, or 202 {export: {id,
// status, rowsDone, rowsTotal, …}} for one made in the background: then GET reports/exports/{id}
// is asked every 200 ms until its status is done (or failed, or cancelled), and POST
// reports/exports/{id}/download gives the token.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [mode, base, env, token, ...rest] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
const now = () => Number(process.hrtime.bigint()) / 1e9;

// A request with a JSON body (or none); its status and parsed answer. No time limit: a large export
// answered at once takes as long as it takes.
function call(method, path, body) {
  return new Promise((resolve, reject) => {
    const headers = { 'X-Session-Token': token };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const sent = http.request(`${base}/api/${env}${path}`, { method, agent, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part) => { text += part; });
      response.on('end', () => {
        let json = null;
        try { json = text ? JSON.parse(text) : null; } catch { json = { text }; }
        resolve({ status: response.statusCode, json });
      });
    });
    sent.on('error', reject);
    sent.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function expect(answer, statuses, what) {
  if (!statuses.includes(answer.status)) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 500)}`);
  }
  return answer;
}

// GETs a download address to the end, counting its bytes without keeping them.
function download(path) {
  return new Promise((resolve, reject) => {
    http.get(`${base}${path}`, { agent }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`the download answered ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      response.on('data', (part) => { bytes += part.length; });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function view([reportCode, runs = '5', filters = '[]']) {
  const seconds = [];
  let answer = null;
  for (let i = 0; i < Number(runs); i += 1) {
    const started = now();
    answer = expect(await call('POST', '/reports/report', { reportCode, filters: JSON.parse(filters) }), [200], reportCode);
    seconds.push(now() - started);
  }
  const counted = answer.json.rows.reduce((sum, row) => sum + (typeof row.at(-1) === 'number' ? row.at(-1) : 0), 0);
  return { seconds, median: median(seconds), min: Math.min(...seconds), max: Math.max(...seconds), groups: answer.json.totalRows, counted };
}

async function window([reportCode, wanted]) {
  const target = Number(wanted);
  let rows = 0;
  let from = null;
  for (let page = 1; ; page += 1) {
    const answer = expect(await call('POST', '/reports/report', { reportCode, filters: [], page, pageSize: 500 }), [200], reportCode);
    for (const [day, count] of answer.json.rows) {
      if (rows + count >= target) {
        // This day, or stop before it: whichever comes nearer.
        return rows + count - target <= target - rows || from === null ? { from: day, rows: rows + count } : { from, rows };
      }
      rows += count;
      from = day;
    }
    if (page * answer.json.pageSize >= answer.json.totalRows) return { from: null, rows };
  }
}

function rssMb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

async function exportFile([pid, reportCode, format, filters = '[]']) {
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, rssMb(pid)); }, 100);
  try {
    const started = now();
    const asked = expect(await call('POST', '/reports/export', { reportCode, format, requester: 'reports', filters: JSON.parse(filters) }), [200, 202, 422], `export ${reportCode} as ${format}`);
    let tokenAnswer = asked;
    let polls = 0;
    let rows = asked.json.rows ?? null;
    // A file that could not be made is a figure too: how long until it failed, and why.
    const failed = (message) => ({ failed: true, message, seconds: now() - started, answer: asked.status, polls, rows, rssBefore, rssPeak, growth: rssPeak - rssBefore });
    if (asked.status === 422) return failed(asked.json.message ?? JSON.stringify(asked.json));
    if (asked.status === 202) {
      const { id } = asked.json.export;
      // Bounded: an export that has not finished within an hour stops the bench.
      for (let state = asked.json.export; state.status !== 'done'; polls += 1) {
        if (state.status === 'failed' || state.status === 'cancelled') return failed(`${state.status}: ${state.message ?? ''}`);
        if (polls >= 18000) throw new Error(`the export was not done within an hour: ${JSON.stringify(state)}`);
        await new Promise((resolve) => { setTimeout(resolve, 200); });
        state = expect(await call('GET', `/reports/exports/${encodeURIComponent(id)}`), [200], 'the export\'s state').json.export;
        rows = state.rowsTotal ?? state.rowsDone ?? rows;
      }
      tokenAnswer = expect(await call('POST', `/reports/exports/${encodeURIComponent(id)}/download`), [200], 'the export\'s download');
    }
    const prepared = now() - started;
    const bytes = await download(`/api/${env}/documentdownload/${encodeURIComponent(tokenAnswer.json.documentAccessToken)}`);
    const seconds = now() - started;
    rssPeak = Math.max(rssPeak, rssMb(pid));
    return { seconds, prepared, answer: asked.status, polls, rows, bytes, rssBefore, rssPeak, growth: rssPeak - rssBefore };
  } finally {
    clearInterval(sampler);
  }
}

const modes = { view, window, export: exportFile };
if (!modes[mode]) {
  console.error(`unknown mode ${mode}: view, window or export`);
  process.exit(64);
}
console.log(JSON.stringify(await modes[mode](rest)));
agent.destroy();
