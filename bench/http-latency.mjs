// Latency of API calls as the server gives it, for the search and links benches. The measuring
// must cost the server's two cores little: Node's http module cost about 0.7 ms a call, and raw
// HTTP from Node worker threads still 160 µs of CPU and 0.4 ms of a lone call's time, none of it
// the server's. So the calls are timed by a small client of our own (measureLatency); the raw
// connection below is for the odd call between measurements. Four clients are four threads, as
// the FTS5 baseline's four are.
import { execFile } from 'node:child_process';
import net from 'node:net';

// Built with the server (make build); DOSSIER_LATENCY_CLIENT names another build's.
const latencyClient = process.env.DOSSIER_LATENCY_CLIENT
  ?? new URL('../build/dossier-latency-client', import.meta.url).pathname;

// One keep-alive connection, one call at a time. Answers must carry Content-Length (the API's do).
export class RawConnection {
  constructor(base) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.buffer = Buffer.alloc(0);
    this.pending = null;
  }

  open() {
    return new Promise((resolve, reject) => {
      this.socket = net.connect({ host: this.host, port: this.port, noDelay: true }, resolve);
      this.socket.once('error', reject);
      this.socket.on('data', (chunk) => this.received(chunk));
      this.socket.on('error', (error) => this.pending?.reject(error));
      this.socket.on('close', () => this.pending?.reject(new Error('the server closed the connection')));
    });
  }

  // { status, body (a Buffer) } of one call.
  call(method, path, headers = {}, body = undefined) {
    const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const lines = [`${method} ${path} HTTP/1.1`, `Host: ${this.host}:${this.port}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (payload) lines.push(`Content-Length: ${Buffer.byteLength(payload)}`);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, headerEnd: -1, length: 0, status: 0 };
      this.socket.write(`${lines.join('\r\n')}\r\n\r\n${payload}`);
    });
  }

  received(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const pending = this.pending;
    if (!pending) return;
    if (pending.headerEnd < 0) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.buffer.subarray(0, end).toString('latin1');
      pending.status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) {
        pending.reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
        return;
      }
      pending.length = Number(length[1]);
      pending.headerEnd = end + 4;
    }
    const end = pending.headerEnd + pending.length;
    if (this.buffer.length < end) return;
    const body = this.buffer.subarray(pending.headerEnd, end);
    this.buffer = this.buffer.subarray(end);
    this.pending = null;
    pending.resolve({ status: pending.status, body });
  }

  close() {
    this.socket?.end();
  }
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// Every call of `calls` ({ method, path, body }) `rounds` times by each of `clients` clients at
// once, each starting at a different place in the list; the first `warmUp` rounds warm caches and
// are not counted. Measured by dossier-latency-client (bench/latency-client: each client a thread
// with a kept-alive connection, about twenty microseconds a call where this file's Node client
// cost 160). Gives each call's p50, p95 and mean in milliseconds and its last answer, parsed.
export async function measureLatency({ base, token, calls, clients, rounds, warmUp = 1 }) {
  const url = new URL(base);
  const input = [token ?? '', ...calls.map(({ method, path, body }) => {
    const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    if (payload.includes('\n')) throw new Error(`a body on more than one line: ${path}`);
    return payload ? `${method} ${path} ${payload}` : `${method} ${path}`;
  })].join('\n');
  const output = await new Promise((resolve, reject) => {
    const child = execFile(latencyClient, [url.hostname, url.port, String(clients), String(rounds), String(warmUp)],
      { maxBuffer: 1 << 30 }, (error, stdout, stderr) => (error ? reject(new Error(`${latencyClient}: ${stderr || error.message}`)) : resolve(stdout)));
    child.stdin.end(`${input}\n`);
  });
  const { times, last } = JSON.parse(output);
  return calls.map((_, i) => ({
    p50: percentile(times[i], 50),
    p95: percentile(times[i], 95),
    mean: times[i].reduce((sum, ms) => sum + ms, 0) / times[i].length,
    result: last[i],
  }));
}
