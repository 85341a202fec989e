// How fast does a file reach the disk through the upload API? Uploads one file of <MiB> MiB in
// pieces of <chunk> MiB with the tus protocol, as a browser would, and prints the seconds and MB/s.
// With "download" after them, files the upload as a document and downloads it whole with a Range
// from the first byte (206), and prints that rate too.
// Usage: node bench/upload.mjs <base url> <env> <token> <case number> <MiB> <chunk MiB> [download]
import http from 'node:http';

const [base, env, token, caseNumber, mib = '1024', chunkMib = '8', then = ''] = process.argv.slice(2);
const length = Number(mib) * 1024 * 1024;
const piece = Buffer.alloc(Number(chunkMib) * 1024 * 1024);
for (let i = 0; i < piece.length; i += 1) piece[i] = 97 + (i % 26);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const sent = http.request(`${base}${path}`, { method, agent, headers: { 'X-Session-Token': token, 'Tus-Resumable': '1.0.0', ...headers } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const b64 = (text) => Buffer.from(text).toString('base64');
const created = await request('POST', `/api/${env}/documentupload/chunk`, {
  'Upload-Length': String(length),
  'Upload-Metadata': `filename ${b64('large.txt')},caseNumber ${b64(caseNumber)}`,
});
if (created.statusCode !== 201) throw new Error(`creating the upload answered ${created.statusCode}`);
const location = created.headers.location;
const started = process.hrtime.bigint();
for (let offset = 0; offset < length; offset += piece.length) {
  const bytes = piece.subarray(0, Math.min(piece.length, length - offset));
  const answer = await request('PATCH', location, {
    'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset), 'Content-Length': String(bytes.length),
  }, bytes);
  if (answer.statusCode !== 204) throw new Error(`a piece answered ${answer.statusCode}`);
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const measured = { mib: Number(mib), seconds, mbPerSecond: length / 1e6 / seconds };

// A JSON request; its parsed answer.
function call(path, body) {
  return new Promise((resolve, reject) => {
    const sent = http.request(`${base}${path}`, { method: 'POST', agent, headers: { 'X-Session-Token': token, 'Content-Type': 'application/json' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part) => { text += part; });
      response.on('end', () => resolve({ status: response.statusCode, json: JSON.parse(text) }));
    });
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

if (then === 'download') {
  const filed = await call(`/api/${env}/DocumentProperties/updateDocumentProperties`, {
    caseNumber, documentPropertiesData: { ExtRefType: 'Electronic', uploads: [location.split('/').pop()] },
  });
  if (filed.status !== 201) throw new Error(`filing the upload answered ${filed.status}: ${JSON.stringify(filed.json)}`);
  const issued = await call(`/api/${env}/DocumentProperties/DownloadToken`, { caseNumber, documentId: filed.json.documentIds[0] });
  if (issued.status !== 200) throw new Error(`the download token answered ${issued.status}`);
  // A second link, for a client that reads faster than Node's (curl, in bench/uploads.sh).
  const second = await call(`/api/${env}/DocumentProperties/DownloadToken`, { caseNumber, documentId: filed.json.documentIds[0] });
  if (second.status !== 200) throw new Error(`the second download token answered ${second.status}`);
  measured.downloadUrl = `${base}${second.json.url}`;
  const downloadStarted = process.hrtime.bigint();
  const received = await new Promise((resolve, reject) => {
    // As a browser resuming a download, or a player, asks: a Range from the first byte.
    http.get(`${base}${issued.json.url}`, { agent, headers: { Range: 'bytes=0-' } }, (response) => {
      if (response.statusCode !== 206) reject(new Error(`the ranged download answered ${response.statusCode}`));
      let bytes = 0;
      response.on('data', (part) => { bytes += part.length; });
      response.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
  if (received !== length) throw new Error(`the download gave ${received} bytes of ${length}`);
  const downloadSeconds = Number(process.hrtime.bigint() - downloadStarted) / 1e9;
  Object.assign(measured, { downloadSeconds, downloadMbPerSecond: length / 1e6 / downloadSeconds });
}
console.log(JSON.stringify(measured));
agent.destroy();
