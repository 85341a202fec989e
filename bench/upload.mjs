// How fast does a file reach the disk through the upload API? Uploads one file of <MiB> MiB in
// pieces of <chunk> MiB with the tus protocol, as a browser would, and prints the seconds and MB/s.
// Usage: node bench/upload.mjs <base url> <env> <token> <case number> <MiB> <chunk MiB>
import http from 'node:http';

const [base, env, token, caseNumber, mib = '1024', chunkMib = '8'] = process.argv.slice(2);
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
console.log(JSON.stringify({ mib: Number(mib), seconds, mbPerSecond: length / 1e6 / seconds }));
agent.destroy();
