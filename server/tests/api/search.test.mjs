import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import { startServer, userPassword } from './support/server.mjs';

const complaint = (title, extra = {}) => ({ title, receivedOn: '2026-10-03', channel: 'phone', ...extra });

describe('search', () => {
  let server;
  let worker; // a caseworker: complaints and individuals, not investigations or informants
  let reader; // in no group: sees what everyone sees
  let manager; // sees everything
  const made = {};

  async function create(token, kind, type, values) {
    const created = await server.createRecord(token, kind, type, values);
    assert.equal(created.status, 201, created.text);
    return created.json;
  }

  async function search(token, body) {
    return server.call('/api/acme/search', { method: 'POST', token, body });
  }

  async function found(token, searchString, extra = {}) {
    const answer = await search(token, { searchString, ...extra });
    assert.equal(answer.status, 200, answer.text);
    return answer.json.searchResult.map((hit) => hit.entityIdentifier);
  }

  before(async () => {
    server = await startServer();
    worker = await server.signIn('search-worker', { displayName: 'Walt Worker' });
    reader = await server.signIn('search-reader', { displayName: 'Rita Reader' });
    manager = await server.signIn('search-manager', { displayName: 'Mona Manager' });
    made.music = (await create(worker, 'case', 'COMP', complaint('Loud music from the harbour bar'))).caseNumber;
    made.dogs = (await create(worker, 'case', 'COMP', complaint('Complaints about barking dogs'))).caseNumber;
    made.closed = (await create(worker, 'case', 'COMP', complaint('Harbour wall crumbling', { status: 'CLOSED', outcome: 'upheld' }))).caseNumber;
    made.markup = (await create(worker, 'case', 'COMP', complaint('Music <b>loud</b> & late', { description: 'Heard <i>until</i> 2 & later than late' }))).caseNumber;
    made.ann = String((await create(worker, 'person', 'IND', { firstName: 'Ann', surname: 'Harbottle' })).personId);
    made.secret = (await create(manager, 'case', 'INV', { title: 'Harbour smuggling inquiry' })).caseNumber;
    made.kestrel = String((await create(manager, 'person', 'INF', { codeName: 'Kestrel Harbourmaster' })).personId);
  });
  after(() => server.stop());

  test('a save can be found the moment it returns', async () => {
    const created = await create(worker, 'case', 'COMP', complaint('Pigeons nesting in the belfry'));
    assert.deepEqual(await found(worker, 'belfry'), [created.caseNumber]);
  });

  test('words must all match, in any form, and rank titles first', async () => {
    assert.deepEqual(await found(worker, 'loud harbour'), [made.music]);
    assert.deepEqual(await found(worker, 'complaint bark'), [made.dogs]);
  });

  test('quotes, a trailing star and a dash work as the help says', async () => {
    assert.deepEqual(await found(worker, '"harbour bar"'), [made.music]);
    assert.deepEqual(await found(worker, '"bar harbour"'), []);
    assert.deepEqual((await found(worker, 'harb*')).sort(), [made.ann, made.music].sort());
    assert.deepEqual(await found(worker, 'music -harbour'), [made.markup]);
  });

  test('case numbers and person ids match exactly, and case numbers by prefix', async () => {
    assert.deepEqual(await found(worker, made.dogs), [made.dogs]);
    assert.deepEqual(await found(worker, made.ann, { searchEntity: [{ entity: 'Person' }] }), [made.ann]);
    const prefix = `${made.music.slice(0, -1)}*`;
    assert.ok((await found(worker, prefix, { entityStatus: 'All' })).includes(made.music));
  });

  test('a result carries its fields, an escaped highlighted extract, relevance and guid', async () => {
    const answer = await search(worker, { searchString: 'late' });
    assert.equal(answer.status, 200);
    const [hit] = answer.json.searchResult;
    assert.equal(hit.entity, 'Case');
    assert.equal(hit.entityIdentifier, made.markup);
    assert.equal(hit.entityType, 'COMP');
    assert.equal(hit.entityTypeName, 'Complaint');
    const field = (key) => hit.searchFields.find((each) => each.key === key);
    assert.deepEqual(field('Title'), { key: 'Title', value: 'Music <b>loud</b> & late', displayInSearchResult: true });
    assert.equal(field('Case Number').value, made.markup);
    assert.deepEqual(field('RowIcon'), { key: 'RowIcon', value: 'Case', displayInSearchResult: false });
    assert.equal(field('Status').value, 'Open');
    // Cut from the fields other than the title, escaped, the matches marked.
    assert.equal(hit.extracts[0], 'Heard &lt;i&gt;until&lt;/i&gt; 2 &amp; later than <mark>late</mark>');
    assert.equal(hit.relevance, 1, 'the best hit of a search is the measure of the others');
    assert.match(hit.actionGuid, /^[0-9a-f-]{36}$/);
    assert.deepEqual(answer.json.searchTerms, ['late']);
    assert.equal(answer.json.pageSize, 20);
  });

  test('the type filter takes refs in any case, Case, Person and parentEntityType', async () => {
    assert.deepEqual(await found(worker, 'harb*', { searchEntity: [{ entity: 'ind' }] }), [made.ann]);
    assert.deepEqual(await found(worker, 'harb*', { searchEntity: [{ entity: 'Case' }] }), [made.music]);
    assert.deepEqual(await found(worker, 'harb*', { searchEntity: [{ entity: 'IND', parentEntityType: 'Person' }] }), [made.ann]);
    assert.deepEqual(await found(worker, 'harb*', { searchEntity: [{ entity: 'Documents' }] }), []);
  });

  test('the status filter: active by default, closed only when asked', async () => {
    assert.ok(!(await found(worker, 'harbour')).includes(made.closed));
    assert.deepEqual(await found(worker, 'harbour', { entityStatus: 'Deregistered/Obsolete' }), [made.closed]);
    assert.ok((await found(worker, 'harbour', { entityStatus: 'All' })).includes(made.closed));
    assert.ok((await found(worker, 'harbour', { entityStatus: 'inactive' })).includes(made.closed));
  });

  test('a record\'s exact number or id, typed alone, finds it whatever the status filter', async () => {
    // Who types CMP-2026-00042 means that case, open or closed: the lookup links a closed case so.
    assert.deepEqual(await found(worker, made.closed), [made.closed]);
    assert.deepEqual(await found(worker, made.closed.toLowerCase(), { entityStatus: 'Registered/Active' }), [made.closed]);
    assert.deepEqual(await found(worker, made.music, { entityStatus: 'Deregistered/Obsolete' }), [made.music]);
    const ranked = await search(worker, { searchString: made.closed });
    assert.equal(ranked.json.searchResult[0].relevance, 1, 'ranked by its words as ever');
    // Words with the number, or the number with others, keep to the filter.
    assert.deepEqual(await found(worker, `${made.closed} harbour`), []);
    assert.deepEqual(await found(worker, 'harbour wall'), []);
    // A person's id alone too.
    assert.deepEqual(await found(worker, made.ann, { entityStatus: 'obsolete' }), [made.ann]);
  });

  test('an obsolete person moves to the inactive side, and back when reinstated', async () => {
    const person = String((await create(worker, 'person', 'IND', { firstName: 'Olga', surname: 'Quixotic' })).personId);
    const obsolete = await server.call(`/api/acme/person/${person}/obsolete`, { method: 'POST', token: manager });
    assert.equal(obsolete.status, 200, obsolete.text);
    assert.deepEqual(await found(worker, 'quixotic'), []);
    const nothing = await search(worker, { searchString: 'quixotic' });
    assert.equal(nothing.json.otherStatusCount, 1, 'an empty page says one obsolete person matches');
    assert.deepEqual(await found(worker, 'quixotic', { entityStatus: 'obsolete' }), [person]);
    await server.call(`/api/acme/person/${person}/reinstate`, { method: 'POST', token: manager });
    assert.deepEqual(await found(worker, 'quixotic'), [person]);
  });

  test('a change is searchable at once: the old words go, the new ones come', async () => {
    const created = await create(worker, 'case', 'COMP', complaint('Seagulls stealing chips'));
    const load = await server.openRecord(worker, 'case', created.caseNumber);
    const saved = await server.saveRecord(worker, 'case', created.caseNumber,
      { ...complaint('Foxes in the bins') }, load.json.entity.rowVersion);
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(await found(worker, 'seagulls'), []);
    assert.deepEqual(await found(worker, 'foxes'), [created.caseNumber]);
  });

  test('an empty text lists a type newest first, a page at a time', async () => {
    for (let index = 0; index < 5; index += 1) {
      await create(worker, 'person', 'IND', { firstName: `Page${index}`, surname: 'Lister' });
    }
    const first = await search(worker, { searchString: '', searchEntity: [{ entity: 'IND' }], pageSize: 3 });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.json.totalCount >= 6, true);
    assert.equal(first.json.totalIsExact, true);
    assert.equal(first.json.searchResult.length, 3);
    assert.match(first.json.searchResult[0].searchFields.find((field) => field.key === 'Title').value, /^Page4 Lister$/);
    const second = await search(worker, { searchString: '', searchEntity: [{ entity: 'IND' }], pageSize: 3, page: 2 });
    const ids = (answer) => answer.json.searchResult.map((hit) => hit.entityIdentifier);
    assert.equal(second.json.page, 2);
    assert.equal(ids(second).filter((id) => ids(first).includes(id)).length, 0);
  });

  test('a person never finds a record they may not view: no hit, count, extract or suggestion', async () => {
    for (const token of [worker, reader]) {
      for (const text of ['smuggling', made.secret, 'kestrel', `${made.secret.slice(0, 4)}*`]) {
        const answer = await search(token, { searchString: text, entityStatus: 'All' });
        assert.equal(answer.status, 200);
        assert.equal(answer.json.totalCount, 0, text);
        assert.doesNotMatch(JSON.stringify(answer.json.searchResult), /smuggling|Kestrel/i);
      }
      const byType = await search(token, { searchString: '', searchEntity: [{ entity: 'INV' }, { entity: 'INF' }], entityStatus: 'All' });
      assert.equal(byType.status, 200);
      assert.equal(byType.json.totalCount, 0);
      const suggested = await server.call('/api/acme/search/SearchSuggest?searchString=smug&searchEntity=All', { token });
      assert.deepEqual(suggested.json.suggestItems, []);
      const hidden = await server.call('/api/acme/search/SearchSuggest?searchString=kes&searchEntity=INF', { token });
      assert.deepEqual(hidden.json.suggestItems, []);
    }
    assert.deepEqual(await found(manager, 'smuggling'), [made.secret]);
    const suggested = await server.call('/api/acme/search/SearchSuggest?searchString=smug&searchEntity=All', { token: manager });
    assert.deepEqual(suggested.json.suggestItems, [{ text: 'smuggling' }]);
  });

  test('suggestions complete the last word of what is typed, from the chosen types', async () => {
    const answer = await server.call('/api/acme/search/SearchSuggest?searchString=loud%20harb&searchEntity=All', { token: worker });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json.suggestItems.map((item) => item.text).sort(), ['loud harbottle', 'loud harbour']);
    const persons = await server.call('/api/acme/search/SearchSuggest?searchString=harb&searchEntity=IND', { token: worker });
    assert.deepEqual(persons.json.suggestItems, [{ text: 'harbottle' }]);
    const afterSpace = await server.call('/api/acme/search/SearchSuggest?searchString=harb%20&searchEntity=All', { token: worker });
    assert.deepEqual(afterSpace.json.suggestItems, []);
  });

  test('macroSearch answers only a question a macro is waiting on (tasks.test.mjs asks one)', async () => {
    const answer = await server.call('/api/acme/macroSearch', {
      method: 'POST', token: worker, body: { searchString: 'barking', macroExecutionCorrelationId: 'corr-42' },
    });
    assert.equal(answer.status, 404, answer.text);
    assert.equal(answer.json.error, 'search.macro_ended');
  });

  test('refuses what cannot be searched, with a message', async () => {
    const cases = [
      [{ searchString: '   ' }, 'search.empty', /Type something to search for/],
      [{ searchString: '', searchEntity: [{ entity: 'All' }] }, 'search.empty', /Type something/],
      [{ searchString: 'x'.repeat(1001) }, 'index.too_long', /at most 1000 characters/],
      [{ searchString: 's* '.repeat(300) }, 'index.too_broad', /Type at least 2 letters before a \*/],
      [{ searchString: 'ab* cd* ef* gh* ij* kl*' }, 'index.too_broad', /too many words ending in \*: at most 5/],
      [{ searchString: Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ') }, 'index.too_broad', /too many words: at most 32/],
      [{ searchString: 'noise', searchEntity: [{ entity: 'NOPE' }] }, 'search.unknown_entity', /There is nothing called 'NOPE'/],
      [{ searchString: 'noise', entityStatus: 'sometimes' }, 'search.unknown_status', /entityStatus must be/],
      [{ searchString: 'noise', page: 0 }, 'search.bad_paging', /page must be a whole number from 1 to 10000/],
      [{ searchString: 'noise', pageSize: 500 }, 'search.bad_paging', /pageSize must be/],
      [{ searchString: 'noise', searchEntity: 'COMP' }, 'search.bad_entity', /searchEntity must be a list/],
    ];
    for (const [body, code, message] of cases) {
      const answer = await search(worker, body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.equal(answer.json.error, code);
      assert.match(answer.json.message, message);
    }
    const malformed = await server.call('/api/acme/search', { method: 'POST', token: worker, raw: '{"searchString": ', headers: { 'Content-Type': 'application/json' } });
    assert.equal(malformed.status, 400);
    assert.equal((await server.call('/api/acme/search', { method: 'POST', body: { searchString: 'x' } })).status, 401);
    assert.equal((await server.call('/api/acme/search/SearchSuggest?searchString=x')).status, 401);
  });

  test('the search set-up lists viewable types, the status choices and the page size', async () => {
    const setup = await server.call('/api/acme/form/search/initialise', { token: worker });
    assert.equal(setup.status, 200);
    assert.deepEqual(setup.json.entityTypes.caseEntityTypes.map((type) => type.ref), ['COMP']);
    assert.deepEqual(setup.json.entityTypes.personTypes.map((type) => type.ref), ['IND']);
    assert.deepEqual(setup.json.statusOptions.map((option) => option.key), ['all', 'active', 'inactive']);
    assert.equal(setup.json.defaultStatus, 'active');
    assert.equal(setup.json.pageSize, 20);
    const forManager = await server.call('/api/acme/form/search/initialise', { token: manager });
    assert.deepEqual(forManager.json.entityTypes.caseEntityTypes.map((type) => type.ref).sort(), ['COMP', 'INV']);
    assert.equal((await server.call('/api/acme/form/search/initialise?formId=nope', { token: worker })).status, 404);
  });

  test('the lookup search of a form offers the kinds its pickers choose', async () => {
    const lookup = await server.call('/api/acme/form/search?formId=complaint', { token: worker });
    assert.equal(lookup.status, 200, lookup.text);
    assert.deepEqual(lookup.json.entityTypes.personTypes.map((type) => type.ref), ['IND']);
    assert.equal((await server.call('/api/acme/form/search?formId=nope', { token: worker })).status, 404);
    assert.equal((await server.call('/api/acme/form/search', { token: worker })).status, 404);
    assert.equal((await server.call('/api/acme/form/search?formId=investigation', { token: worker })).status, 404);
  });

  test('whether a record may be created, from the rights and the parent', async () => {
    const ask = async (query, token = worker) =>
      (await server.call(`/api/acme/search/CanCreateChildEntityWithThisParent?${query}`, { token })).json;
    assert.equal(await ask('childEntityType=COMP&isParentEntityNew=true'), true);
    assert.equal(await ask('childEntityType=INV&isParentEntityNew=true'), false);
    assert.equal(await ask('childEntityType=INV&isParentEntityNew=true', manager), true);
    assert.equal(await ask(`childEntityType=COMP&parentIdentifier=${made.music}&parentEntityType=Case&isParentEntityNew=false`), true);
    assert.equal(await ask('childEntityType=COMP&parentIdentifier=CMP-1999-99999&parentEntityType=Case&isParentEntityNew=false'), false);
    assert.equal(await ask(`childEntityType=COMP&parentIdentifier=${made.secret}&parentEntityType=Case&isParentEntityNew=false`), false);
    assert.equal((await server.call('/api/acme/search/CanCreateChildEntityWithThisParent', { token: worker })).status, 400);

    const lists = await server.call('/api/acme/search/CanCreateLookupEntityTypes?isParentEntityNew=true', { token: worker });
    assert.deepEqual(lists.json.canCreatePersonTypesList, [{ name: 'Individual', valueField: 'IND', textField: 'Individual' }]);
    assert.deepEqual(lists.json.canCreateCaseEntityTypesList.map((item) => item.valueField), ['COMP']);
    const hiddenParent = await server.call(
      `/api/acme/search/CanCreateLookupEntityTypes?parentIdentifier=${made.kestrel}&parentEntityType=Person&isParentEntityNew=false`, { token: worker });
    assert.deepEqual(hiddenParent.json, { canCreatePersonTypesList: [], canCreateCaseEntityTypesList: [] });
  });
});

describe('the index across restarts', () => {
  test('persists, and is rebuilt when its folder is gone', async () => {
    const data = mkdtempSync(join(tmpdir(), 'dossier-search-'));
    let server = await startServer({ data });
    const token = await server.signIn('search-manager', { displayName: 'Mona Manager' });
    const created = await server.createRecord(token, 'case', 'COMP', complaint('Albatross on the roof'));
    assert.equal(created.status, 201);
    await server.stop();

    server = await startServer({ data });
    const again = await server.token('search-manager', userPassword);
    const first = await server.call('/api/acme/search', { method: 'POST', token: again, body: { searchString: 'albatross' } });
    assert.deepEqual(first.json.searchResult.map((hit) => hit.entityIdentifier), [created.json.caseNumber]);
    await server.stop();

    rmSync(join(data, 'acme', 'index'), { recursive: true, force: true });
    server = await startServer({ data });
    try {
      const token2 = await server.token('search-manager', userPassword);
      const hits = await eventually(async () => {
        const answer = await server.call('/api/acme/search', { method: 'POST', token: token2, body: { searchString: 'albatross' } });
        const found = answer.json?.searchResult ?? [];
        return found.length > 0 && found;
      }, { what: 'the rebuilt index finds the case by "albatross"' });
      assert.deepEqual(hits.map((hit) => hit.entityIdentifier), [created.json.caseNumber]);
    } finally {
      await server.stop();
      rmSync(data, { recursive: true, force: true });
    }
  });
});
