// The search and suggest APIs' latency for a fixed list of queries, with several clients at once
// (bench/http-latency.mjs: each client a thread with a raw keep-alive connection).
// Usage: node bench/search-latency.mjs <base url> <env> <token> <queries.json> <clients> <rounds>
import { readFileSync } from 'node:fs';
import { measureLatency } from './http-latency.mjs';

const [base, env, token, queriesFile, clients = '4', rounds = '30'] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile, 'utf8'));
const settings = { base, token, clients: Number(clients), rounds: Number(rounds) };

const searches = await measureLatency({
  ...settings,
  calls: queries.search.map((query) => ({
    method: 'POST',
    path: `/api/${env}/search`,
    body: {
      searchString: query.text, searchEntity: query.entity ? [{ entity: query.entity }] : [], entityStatus: 'All', pageSize: 20,
    },
  })),
});
const suggestions = await measureLatency({
  ...settings,
  calls: queries.suggest.map((text) => ({
    method: 'GET',
    path: `/api/${env}/search/SearchSuggest?searchString=${encodeURIComponent(text)}&searchEntity=All`,
  })),
});

console.log(JSON.stringify({
  search: queries.search.map((query, i) => ({
    ...query, p50: searches[i].p50, p95: searches[i].p95,
    hits: searches[i].result.totalCount, exact: searches[i].result.totalIsExact,
  })),
  suggest: queries.suggest.map((text, i) => ({
    text, p50: suggestions[i].p50, p95: suggestions[i].p95,
    first: suggestions[i].result.suggestItems.slice(0, 3).map((item) => item.text),
  })),
}));
