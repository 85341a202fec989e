import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

describe('comments on a person', () => {
  let server;
  let worker;
  let reader;
  let manager;

  before(async () => {
    server = await startServer();
    ({ worker, reader, manager } = await server.signInStaff('comments'));
  });
  after(() => server.stop());

  async function newPerson() {
    const created = await server.createRecord(worker, 'person', 'IND', { firstName: 'Colm', surname: 'Mentor' });
    assert.equal(created.status, 201, created.text);
    return String(created.json.personId);
  }

  function save(token, details) {
    return server.call('/api/acme/persondata/comment/save', {
      method: 'POST', token, body: { commentDetails: { OwnerType: 'P', ...details }, formId: 'individual', layoutElementId: 'comments' },
    });
  }

  test('a new one carries the labels of the comment screen, created and modified read-only', async () => {
    const person = await newPerson();
    const opened = await server.call(`/api/acme/persondata/${person}/comment`, { method: 'POST', token: worker });
    assert.equal(opened.status, 200, opened.text);
    assert.equal(opened.json.Comment.CommentGuid, '');
    assert.equal(opened.json.Comment.OwnerType, 'P');
    assert.equal(opened.json.Comment.OwnerIdentifier, person);
    assert.deepEqual(
      Object.entries(opened.json.FieldBindings).map(([field, binding]) => [field, binding.Label, binding.IsReadOnly]),
      [
        ['CreatedDateTime', 'Created On', true],
        ['CreatedByDisplayName', 'Created By', true],
        ['ModifiedDateTime', 'Modified On', true],
        ['ModifiedByDisplayName', 'Modified By', true],
        ['AsAtDate', 'As At', false],
        ['CommentHtml', 'Comment', false],
      ],
    );
  });

  test('saved, its rich text is kept sanitized, as at the time given, and it is in the history', async () => {
    const person = await newPerson();
    const saved = await save(worker, {
      OwnerIdentifier: person,
      CommentHtml: '<p>Called <strong>twice</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
      AsAtDateString: '2026-11-20T09:30',
    });
    assert.equal(saved.status, 200, saved.text);
    const comment = saved.json.Comment;
    assert.equal(comment.CommentHtml, '<p>Called <strong>twice</strong></p>');
    assert.equal(comment.CommentText, 'Called twice');
    assert.equal(comment.AsAtDate, '2026-11-20T09:30:00.000Z');
    assert.equal(comment.CreatedByDisplayName, 'Walt Worker');
    assert.equal(comment.IsSystem, false);
    assert.equal(comment.CanModify, true);
    const history = await server.history(reader, 'person', person);
    assert.equal(history.json.items[0].action, 'comment.added');
    assert.equal(history.json.items[0].activity.text, 'Called twice');
  });

  test('a comment without words, or with a date that is not one, is refused', async () => {
    const person = await newPerson();
    const empty = await save(worker, { OwnerIdentifier: person, CommentHtml: '<p> </p>' });
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.json.fieldErrors, { CommentHtml: 'Required' });
    const badDate = await save(worker, { OwnerIdentifier: person, CommentHtml: 'Fine', AsAtDateString: 'last Tuesday' });
    assert.equal(badDate.status, 400);
    assert.deepEqual(badDate.json.fieldErrors, { AsAtDate: 'Not a date and time' });
    const tooLong = await save(worker, { OwnerIdentifier: person, CommentHtml: 'x'.repeat(20001) });
    assert.equal(tooLong.status, 400);
  });

  test('they are listed newest As At first, and changed with the version they were opened at', async () => {
    const person = await newPerson();
    await save(worker, { OwnerIdentifier: person, CommentHtml: 'Older', AsAtDateString: '2026-01-01' });
    const { Comment: newer } = (await save(worker, { OwnerIdentifier: person, CommentHtml: 'Newer', AsAtDateString: '2026-06-01' })).json;
    const list = await server.call(`/api/acme/persondata/${person}/comments`, { token: reader });
    assert.deepEqual(list.json.items.map((item) => item.CommentText), ['Newer', 'Older']);
    assert.equal(list.json.canModify, false);
    assert.equal(list.json.items[0].CanModify, false, 'a reader may not change them');

    const unchanged = await save(worker, { OwnerIdentifier: person, CommentGuid: newer.CommentGuid, CommentHtml: newer.CommentHtml, AsAtDateString: newer.AsAtDate, RowVersion: 1 });
    assert.equal(unchanged.json.changed, false);
    const changed = await save(manager, { OwnerIdentifier: person, CommentGuid: newer.CommentGuid, CommentHtml: '<p>Newer, corrected</p>', RowVersion: 1 });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.json.Comment.ModifiedByDisplayName, 'Meg Manager');
    assert.equal(changed.json.Comment.AsAtDate, '2026-06-01T00:00:00.000Z', 'an empty As At keeps the one stored');
    const stale = await save(worker, { OwnerIdentifier: person, CommentGuid: newer.CommentGuid, CommentHtml: 'Mine', RowVersion: 1 });
    assert.equal(stale.status, 409);
    assert.match(stale.json.message, /^This comment was changed by Meg Manager at .+ after you opened it\. Reload it to see their changes\.$/);
  });

  test('a save that changes nothing writes nothing: no history row, the same version', async () => {
    const person = await newPerson();
    const { Comment: comment } = (await save(worker, { OwnerIdentifier: person, CommentHtml: 'Once' })).json;
    const before = (await server.history(reader, 'person', person)).json.total;
    const same = await save(manager, { OwnerIdentifier: person, CommentGuid: comment.CommentGuid, CommentHtml: comment.CommentHtml, RowVersion: 1 });
    assert.equal(same.status, 200, same.text);
    assert.deepEqual([same.json.success, same.json.errorMessage, same.json.primaryKey, same.json.changed], [true, '', comment.CommentGuid, false]);
    assert.equal(same.json.Comment.RowVersion, 1);
    assert.equal(same.json.Comment.ModifiedByDisplayName, 'Walt Worker');
    assert.equal((await server.history(reader, 'person', person)).json.total, before);
  });

  test('making a person obsolete writes a system comment nobody can change or remove', async () => {
    const person = await newPerson();
    assert.equal((await server.call(`/api/acme/person/${person}/obsolete`, { method: 'POST', token: manager })).status, 200);
    assert.equal((await server.call(`/api/acme/person/${person}/reinstate`, { method: 'POST', token: manager })).status, 200);
    const list = await server.call(`/api/acme/persondata/${person}/comments`, { token: manager });
    const system = list.json.items.find((item) => item.CommentText === 'Made obsolete by Meg Manager.');
    assert.ok(system, JSON.stringify(list.json.items.map((item) => item.CommentText)));
    assert.equal(system.IsSystem, true);
    assert.equal(system.CanModify, false);
    assert.ok(list.json.items.some((item) => item.CommentText === 'Reinstated by Meg Manager.'));
    const opened = await server.call(`/api/acme/persondata/${person}/comment/${system.CommentGuid}`, { method: 'POST', token: manager });
    assert.equal(opened.json.CanModify, false);
    assert.equal(opened.json.FieldBindings.CommentHtml.IsReadOnly, true);
    const change = await save(manager, { OwnerIdentifier: person, CommentGuid: system.CommentGuid, CommentHtml: 'Edited', RowVersion: 1 });
    assert.equal(change.status, 409);
    assert.equal(change.json.message, 'This comment was written by Dossier itself and cannot be changed.');
    const remove = await server.call('/api/acme/persondata/comment/delete', { method: 'POST', token: manager, body: { commentGuid: system.CommentGuid } });
    assert.equal(remove.status, 409);
  });

  test('a comment can be removed by those who may change the person', async () => {
    const person = await newPerson();
    const { Comment: comment } = (await save(worker, { OwnerIdentifier: person, CommentHtml: 'Wrong person' })).json;
    const refused = await server.call('/api/acme/persondata/comment/delete', { method: 'POST', token: reader, body: { commentGuid: comment.CommentGuid } });
    assert.equal(refused.status, 403);
    const removed = await server.call('/api/acme/persondata/comment/delete', { method: 'POST', token: worker, body: { commentGuid: comment.CommentGuid } });
    assert.equal(removed.status, 200);
    const again = await server.call(`/api/acme/persondata/${person}/comment/${comment.CommentGuid}`, { method: 'POST', token: worker });
    assert.equal(again.status, 404);
    assert.equal(again.json.message, 'This comment is not there any more.');
    assert.equal((await server.history(worker, 'person', person)).json.items[0].action, 'comment.removed');
  });

  test('nobody comments on a person who is not there or hidden from them', async () => {
    const missing = await save(worker, { OwnerIdentifier: '99999999', CommentHtml: 'Hello' });
    assert.equal(missing.status, 404);
    const refused = await save(reader, { OwnerIdentifier: await newPerson(), CommentHtml: 'Hello' });
    assert.equal(refused.status, 403);
    const badBody = await server.call('/api/acme/persondata/comment/save', { method: 'POST', token: worker, body: [] });
    assert.equal(badBody.status, 400);
  });
});
