// A tab's connection to the realtime hub, as the web app makes it: a WebSocket to /api/{env}/hub
// that authenticates with the session token first. Every message the server sends is checked
// against the hub's messages in server/api/openapi.yaml.
import WebSocket from 'ws';

import { assertHubMessage } from './contract.mjs';

export async function connectHub(server, { token, environment = 'acme', authenticate = true, headers = {}, watch, resume } = {}) {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/${environment}/hub`, { headers });
  const received = [];
  const waiters = [];
  let closedWith;
  const closed = new Promise((resolveClosed) => {
    socket.on('close', (code, reason) => {
      closedWith = { code, reason: reason.toString() };
      resolveClosed(closedWith);
      for (const waiter of waiters.splice(0)) waiter.fail(new Error(`the hub closed (${code} ${reason}) while waiting`));
    });
  });
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    assertHubMessage(message);
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.matches(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done(message);
      }
    }
  });
  const opened = await new Promise((resolveOpen) => {
    socket.once('open', () => resolveOpen({ ok: true }));
    socket.once('unexpected-response', (request, response) => {
      let text = '';
      response.on('data', (chunk) => { text += chunk; });
      response.on('end', () => resolveOpen({ ok: false, status: response.statusCode, body: text ? JSON.parse(text) : undefined }));
    });
    socket.once('error', (error) => resolveOpen({ ok: false, error }));
  });

  const hub = {
    socket,
    opened,
    received,
    closed,
    get closedWith() { return closedWith; },
    send(message) { socket.send(typeof message === 'string' ? message : JSON.stringify(message)); },
    // The first message (already here or still to come) that matches.
    next(matches, timeoutMs = 5000) {
      const typeMatches = typeof matches === 'string' ? (message) => message.type === matches : matches;
      const found = received.find(typeMatches);
      if (found) {
        received.splice(received.indexOf(found), 1);
        return Promise.resolve(found);
      }
      if (closedWith) return Promise.reject(new Error(`the hub is closed (${closedWith.code} ${closedWith.reason})`));
      return new Promise((resolveNext, reject) => {
        const waiter = {
          matches: typeMatches,
          done: (message) => { clearTimeout(timer); received.splice(received.indexOf(message), 1); resolveNext(message); },
          fail: (error) => { clearTimeout(timer); reject(error); },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching hub message within ${timeoutMs} ms; received: ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    // Nothing matching arrives within the time.
    async nothing(matches, withinMs = 600) {
      try {
        const message = await hub.next(matches, withinMs);
        return message;
      } catch {
        return undefined;
      }
    },
    async call(method, path, body) {
      const id = `c${Math.random().toString(36).slice(2)}`;
      hub.send({ type: 'call', id, method, path, ...(body !== undefined ? { body } : {}) });
      return hub.next((message) => message.type === 'reply' && message.id === id);
    },
    async watch(entity, id) {
      hub.send({ type: 'watch', entity, id });
      return hub.next((message) => (message.type === 'watching' && message.id === id)
        || (message.type === 'error' && message.id === id));
    },
    close() {
      socket.close();
      return closed;
    },
  };
  if (opened.ok && authenticate && token) {
    hub.send({ type: 'authenticate', token, timezoneOffset: 60, ...(watch ? { watch } : {}), ...(resume ? { resume } : {}) });
    const answer = await hub.next((message) => message.type === 'welcome' || message.type === 'error');
    hub.welcome = answer;
  }
  return hub;
}
