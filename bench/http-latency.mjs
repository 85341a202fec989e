// Latency of API calls as the server gives it, for the search and links benches. Each client is a
// thread of its own holding one keep-alive connection, written and read as raw HTTP/1.1: the
// measuring then costs tens of microseconds a call, as wrk's does, where Node's http module cost
// about 0.7 ms — on two cores shared with the server, most of a rare name's time, and none of it
// the server's. Four clients are four threads, as the FTS5 baseline's four are.
import net from 'node:net';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

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
// once, each starting at a different place in the list; the first round warms caches and is not
// counted. Gives each call's p50 and p95 in milliseconds and its last answer, parsed.
export async function measureLatency({ base, token, calls, clients, rounds }) {
  const results = await Promise.all(Array.from({ length: clients }, (_, client) => new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { latencyClient: true, base, token, calls, rounds, client },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code && reject(new Error(`latency client ${client} exited with ${code}`)));
  })));
  return calls.map((_, i) => {
    const times = results.flatMap((result) => result.times[i]);
    return { p50: percentile(times, 50), p95: percentile(times, 95), result: JSON.parse(results[0].last[i]) };
  });
}

async function runClient({ base, token, calls, rounds, client }) {
  const connection = new RawConnection(base);
  await connection.open();
  const headers = { 'X-Session-Token': token, 'Content-Type': 'application/json' };
  const times = calls.map(() => []);
  const last = calls.map(() => null);
  for (let round = 0; round < rounds; round += 1) {
    for (let i = 0; i < calls.length; i += 1) {
      const index = (i + client * 3) % calls.length;
      const { method, path, body } = calls[index];
      const started = process.hrtime.bigint();
      const answer = await connection.call(method, path, headers, body);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (answer.status !== 200) {
        throw new Error(`${path} answered ${answer.status}: ${answer.body}`);
      }
      if (round > 0) times[index].push(ms);
      if (round === rounds - 1) last[index] = answer.body.toString('utf8');
    }
  }
  connection.close();
  parentPort.postMessage({ times, last });
}

if (!isMainThread && workerData?.latencyClient) {
  await runClient(workerData);
}
