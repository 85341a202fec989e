import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import { connectHub } from './support/hub.mjs';
import { parseExposition, seriesOf, valueOf } from './support/metrics.mjs';
import {
  fixtureEnvironments, oneProcessOnly, rawExchange, requestFrom, runCli, startServer, uniqueName, userPassword,
} from './support/server.mjs';

const folder = mkdtempSync(join(tmpdir(), 'dossier-metrics-'));
after(() => rmSync(folder, { recursive: true, force: true }));

const scrapeToken = 'a-scrape-token-of-forty-characters-00001';
const tokenFile = join(folder, 'metrics-token');
writeFileSync(tokenFile, `${scrapeToken}\n`);

// Each process says what it counts at /metrics, for Prometheus to scrape.
describe('the metrics of a process', { skip: oneProcessOnly }, () => {
  let server;
  let worker;

  before(async () => {
    server = await startServer();
    worker = await server.signIn('metrics-worker');
  });
  after(() => server.stop());

  const scrape = async () => {
    const answer = await server.call('/metrics');
    assert.equal(answer.status, 200, answer.text);
    return parseExposition(answer.text);
  };
  // Until the scrape shows what check looks for: a request is counted once its answer is written,
  // which may be a moment after the client has read it.
  const scrapeUntil = (check, what) => eventually(async () => {
    const scraped = await scrape();
    check(scraped);
    return scraped;
  }, { what, timeoutMs: 5000 });

  test('are Prometheus\' text format, never cached, and say which version runs since when', async () => {
    const answer = await server.call('/metrics');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    const scraped = parseExposition(answer.text);
    const [build] = seriesOf(scraped, 'dossier_build_info');
    assert.equal(build.value, 1);
    assert.match(build.labels.version, /^\d+\.\d+\.\d+$/);
    const started = valueOf(scraped, 'dossier_process_start_time_seconds');
    assert.ok(started > Date.now() / 1000 - 600 && started <= Date.now() / 1000, `${started}`);
    assert.equal(scraped.types.get('dossier_http_request_duration_seconds'), 'histogram');
    assert.equal(scraped.types.get('dossier_http_requests_total'), 'counter');
  });

  test('count requests by method, route pattern and status, and time them', async () => {
    const token = await server.signIn(uniqueName('metrics'));
    const route = { method: 'GET', route: '/api/{env}/currentuser' };
    const history = { method: 'GET', route: '/api/{env}/history/{kind}/{id}' };
    const before = await scrape();
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await server.call('/api/acme/currentuser', { token })).status, 200);
    }
    assert.equal((await server.call('/api/acme/currentuser')).status, 401);
    const missing = await server.history(token, 'case', 'CMP-METRICS-404');
    assert.equal(missing.status, 404, missing.text);

    const after = await scrapeUntil((scraped) => {
      assert.equal(valueOf(scraped, 'dossier_http_requests_total', { ...route, status: '200' }),
        valueOf(before, 'dossier_http_requests_total', { ...route, status: '200' }) + 3);
      assert.equal(valueOf(scraped, 'dossier_http_requests_total', { ...route, status: '401' }),
        valueOf(before, 'dossier_http_requests_total', { ...route, status: '401' }) + 1);
      assert.equal(valueOf(scraped, 'dossier_http_requests_total', { ...history, status: '404' }),
        valueOf(before, 'dossier_http_requests_total', { ...history, status: '404' }) + 1);
    }, 'the requests are counted');

    // Under the route's pattern, never the address asked for: one series per route, not per record.
    assert.ok(!after.samples.some((sample) => Object.values(sample.labels).some((value) => value.includes('CMP-METRICS-404'))),
      'no label holds a path as it was sent');

    const count = valueOf(after, 'dossier_http_request_duration_seconds_count', route);
    assert.equal(count, valueOf(before, 'dossier_http_request_duration_seconds_count', route) + 4);
    const buckets = seriesOf(after, 'dossier_http_request_duration_seconds_bucket', route);
    assert.deepEqual(buckets.map((bucket) => bucket.labels.le),
      ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf']);
    for (let i = 1; i < buckets.length; i += 1) {
      assert.ok(buckets[i].value >= buckets[i - 1].value, 'the buckets are cumulative');
    }
    assert.equal(buckets.at(-1).value, count, 'the +Inf bucket holds every request');
    const sum = valueOf(after, 'dossier_http_request_duration_seconds_sum', route);
    assert.ok(sum > 0 && sum < count * 10, `${sum} seconds for ${count} requests`);
  });

  test('count requests to addresses no route serves under one series, whatever the address', async () => {
    const unknown = { method: 'GET', route: '(unknown API)', status: '404' };
    const before = await scrape();
    await server.call(`/api/acme/${uniqueName('nothing-here')}`);
    await server.call(`/api/acme/${uniqueName('nothing-here')}`);
    await scrapeUntil((scraped) => {
      assert.equal(valueOf(scraped, 'dossier_http_requests_total', unknown),
        valueOf(before, 'dossier_http_requests_total', unknown) + 2);
    }, 'both are counted as unknown');
  });

  test('count failed sign-ins by environment and reason', async () => {
    const wrong = { environment: 'acme', reason: 'invalid_credentials' };
    const before = await scrape();
    const name = uniqueName('metrics-wrong');
    server.addUser(name, userPassword);
    assert.equal((await server.login(name, 'Not-The-Password-1')).status, 401);
    assert.equal((await server.login(uniqueName('metrics-ghost'), 'Whatever-Password-1')).status, 401);
    const after = await scrape();
    assert.equal(valueOf(after, 'dossier_sign_in_failures_total', wrong),
      valueOf(before, 'dossier_sign_in_failures_total', wrong) + 2);
  });

  test('say how busy the workers are and how many connections are open', async () => {
    const scraped = await scrape();
    for (const pool of ['ordinary', 'heavy', 'search']) {
      assert.ok(valueOf(scraped, 'dossier_http_workers', { pool }) >= 1, pool);
      assert.ok(valueOf(scraped, 'dossier_http_workers_queued', { pool }) >= 0, pool);
    }
    // The scrape itself runs on an ordinary worker, over a connection.
    assert.ok(valueOf(scraped, 'dossier_http_workers_busy', { pool: 'ordinary' }) >= 1);
    assert.ok(valueOf(scraped, 'dossier_http_connections') >= 1);
  });

  test('say where searches spent their time, stage by stage', async () => {
    const stages = ['prepare', 'restrictions', 'match', 'hits', 'answer'];
    const count = (scraped, stage) =>
      valueOf(scraped, 'dossier_search_stage_seconds_count', { stage });
    const before = await scrape();
    const searched = await server.call('/api/acme/search', {
      method: 'POST', token: worker, body: { searchString: 'anything', searchEntity: [], entityStatus: 'All' },
    });
    assert.equal(searched.status, 200, searched.text);
    const after = await scrapeUntil((scraped) => assert.ok(count(scraped, 'answer') > count(before, 'answer')),
      'the search counted');
    assert.equal(after.types.get('dossier_search_stage_seconds'), 'histogram');
    for (const stage of stages) assert.equal(count(after, stage), count(before, stage) + 1, stage);
  });

  test('say, for each environment, its database pool, its index lag and its extraction queue', async () => {
    const scraped = await scrape();
    for (const environment of ['acme', 'brief']) {
      assert.equal(valueOf(scraped, 'dossier_database_up', { environment }), 1, environment);
      assert.ok(valueOf(scraped, 'dossier_db_pool_max_connections', { environment }) >= 1);
      assert.ok(valueOf(scraped, 'dossier_db_pool_connections', { environment, state: 'idle' }) >= 0);
      assert.ok(valueOf(scraped, 'dossier_db_pool_waits_total', { environment }) >= 0);
      assert.equal(seriesOf(scraped, 'dossier_index_lag_changes', { environment }).length, 1);
      assert.equal(seriesOf(scraped, 'dossier_extraction_pending_documents', { environment }).length, 1);
    }
    const created = await server.createRecord(worker, 'person', 'IND', { firstName: 'Mia', surname: 'Metric' });
    assert.equal(created.status, 201, created.text);
    await scrapeUntil((lagging) => {
      assert.equal(valueOf(lagging, 'dossier_index_lag_changes', { environment: 'acme' }), 0);
    }, 'the index has caught up with the save');
  });

  test('count the tabs on the realtime hub and the events sent to them', async () => {
    const values = { firstName: 'Hal', surname: 'Hub' };
    const created = await server.createRecord(worker, 'person', 'IND', values);
    assert.equal(created.status, 201, created.text);
    const before = await scrape();
    const tab = await connectHub(server, { token: worker });
    try {
      assert.equal((await tab.watch('person', String(created.json.personId))).type, 'watching');
      await scrapeUntil((scraped) => {
        assert.equal(valueOf(scraped, 'dossier_hub_connections', { environment: 'acme' }),
          valueOf(before, 'dossier_hub_connections', { environment: 'acme' }) + 1);
      }, 'the tab is counted');
      const saved = await server.saveRecord(worker, 'person', created.json.personId,
        { ...values, firstName: 'Hank' }, 1);
      assert.equal(saved.status, 200, saved.text);
      await tab.next('recordChanged');
      await scrapeUntil((scraped) => {
        assert.ok(valueOf(scraped, 'dossier_hub_events_sent_total', { environment: 'acme' })
          > valueOf(before, 'dossier_hub_events_sent_total', { environment: 'acme' }));
      }, 'the event is counted');
    } finally {
      await tab.close();
    }
  });

  test('count calls made over the hub in their route\'s series, as requests are, and the messages as the workers\' work', async () => {
    const route = { method: 'POST', route: '/api/{env}/form/case/close' };
    const before = await scrape();
    const tab = await connectHub(server, { token: worker });
    try {
      await tab.next('caughtUp');
      const missing = await tab.call('POST', '/api/acme/form/case/close', { identifier: 'CMP-METRICS-NONE' });
      assert.equal(missing.status, 404, JSON.stringify(missing));
      const scraped = await scrapeUntil((current) => {
        assert.equal(valueOf(current, 'dossier_http_requests_total', { ...route, status: '404' }),
          valueOf(before, 'dossier_http_requests_total', { ...route, status: '404' }) + 1);
      }, 'the call is counted');
      assert.equal(valueOf(scraped, 'dossier_http_request_duration_seconds_count', route),
        valueOf(before, 'dossier_http_request_duration_seconds_count', route) + 1);
      // Every message handed to the workers has left their queue once answered.
      assert.equal(valueOf(scraped, 'dossier_http_workers_queued', { pool: 'ordinary' }), 0);
    } finally {
      await tab.close();
    }
  });

  test('answer GET and HEAD only', async () => {
    const head = await rawExchange(server.port, 'HEAD /metrics HTTP/1.1\r\nHost: x\r\n\r\n', { waitMs: 500 });
    assert.match(head, /^HTTP\/1\.1 200 /);
    assert.doesNotMatch(head, /dossier_build_info/, 'no body');
    const posted = await server.call('/metrics', { method: 'POST', body: {} });
    assert.equal(posted.status, 405);
    assert.equal(posted.headers.get('allow'), 'GET, HEAD');
    assert.equal(posted.json.message, 'Only GET and HEAD are allowed for the metrics.');
  });
});

describe('who may read the metrics', { skip: oneProcessOnly }, () => {
  test('only the addresses --metrics-allow names, when no token is set', async () => {
    const server = await startServer({ args: ['--metrics-allow', '127.0.0.1/32,::1'] });
    try {
      const allowed = await requestFrom('127.0.0.1', `${server.url}/metrics`);
      assert.equal(allowed.status, 200);
      const refused = await requestFrom('127.0.0.2', `${server.url}/metrics`);
      assert.equal(refused.status, 403);
      assert.equal(refused.json.error, 'app.metrics_forbidden');
      assert.match(refused.json.message, /^The metrics are not served to 127\.0\.0\.2: add its address to --metrics-allow/);
      assert.equal(refused.headers['cache-control'], 'no-store');
    } finally {
      await server.stop();
    }
  });

  test('with --metrics-token-file, the token from any address, and nothing without it', async () => {
    const server = await startServer({ args: ['--metrics-allow', 'none', '--metrics-token-file', tokenFile] });
    try {
      const url = `${server.url}/metrics`;
      const without = await requestFrom('127.0.0.1', url);
      assert.equal(without.status, 401);
      assert.equal(without.json.error, 'app.metrics_unauthorized');
      assert.match(without.json.message, /need a token/);
      assert.equal(without.headers['www-authenticate'], 'Bearer realm="dossier metrics"');

      const wrong = await requestFrom('127.0.0.2', url, { headers: { Authorization: 'Bearer not-the-token-at-all-000' } });
      assert.equal(wrong.status, 401);
      assert.match(wrong.json.message, /not the one in --metrics-token-file/);

      const right = await requestFrom('127.0.0.2', url, { headers: { Authorization: `Bearer ${scrapeToken}` } });
      assert.equal(right.status, 200);
      assert.match(right.text, /^dossier_build_info\{/m);
    } finally {
      await server.stop();
    }
  });

  test('a setting that cannot be used stops the start with a message saying why', () => {
    const data = mkdtempSync(join(folder, 'data-'));
    const serve = (...args) => runCli(['serve', '--port', '0', '--data', data,
      '--environments', fixtureEnvironments, '--default-environment', 'acme', ...args]);

    const range = serve('--metrics-allow', '10.0.0.300/8');
    assert.equal(range.status, 1);
    assert.match(range.stderr, /The server cannot start\. --metrics-allow: '10\.0\.0\.300\/8' is not an IP address or range/);

    const short = join(folder, 'short-token');
    writeFileSync(short, 'too-short\n');
    const shortToken = serve('--metrics-token-file', short);
    assert.equal(shortToken.status, 1);
    assert.match(shortToken.stderr, /the token in .*short-token is too short: use at least 16 characters/);

    const missing = serve('--metrics-token-file', join(folder, 'no-such-file'));
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /--metrics-token-file: .*no-such-file cannot be read/);
  });
});
