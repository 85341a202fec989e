import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeApi, reply } from '../../test/fakeApi';
import { renameDocument } from './rename';

const route = 'POST /api/demo/DocumentProperties/RenameDocumentFile';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Spec 2 §4 "Rename: after rename the reload waits 500 ms, and the rename is retried if the result is
// false" (spec-gaps 2.4.12).
describe('renaming a document’s file', () => {
  it('asks once more when the answer’s result is false', async () => {
    const answers = [{ result: false, fileName: 'Old.txt', rowVersion: 3 }, { result: true, fileName: 'New.txt', rowVersion: 4 }];
    const fake = createFakeApi({ [route]: () => reply(200, answers.shift()) }).install();
    await renameDocument('CMP-1', 'guid-1', 'New.txt');
    expect(fake.requestsTo(route)).toHaveLength(2);
    expect(fake.requestsTo(route).map((request) => request.body)).toEqual([
      { caseNumber: 'CMP-1', documentId: 'guid-1', renameDocumentFileData: { fileName: 'New.txt' } },
      { caseNumber: 'CMP-1', documentId: 'guid-1', renameDocumentFileData: { fileName: 'New.txt' } },
    ]);
  });

  it('asks once only when the rename is done', async () => {
    const fake = createFakeApi({ [route]: reply(200, { result: true, fileName: 'New.txt', rowVersion: 4 }) }).install();
    await renameDocument('CMP-1', 'guid-1', 'New.txt');
    expect(fake.requestsTo(route)).toHaveLength(1);
  });

  it('says it could not be done when the second answer is false too', async () => {
    createFakeApi({ [route]: reply(200, { result: false, fileName: 'Old.txt', rowVersion: 3 }) }).install();
    await expect(renameDocument('CMP-1', 'guid-1', 'New.txt')).rejects.toThrow(
      'The file could not be renamed: the document changed meanwhile. Open it again and rename it once more.',
    );
  });

  it('is over, and the screen reloads, only 500 ms after the answer', async () => {
    createFakeApi({ [route]: reply(200, { result: true, fileName: 'New.txt', rowVersion: 4 }) }).install();
    vi.useFakeTimers();
    let over = false;
    const renaming = renameDocument('CMP-1', 'guid-1', 'New.txt').then(() => (over = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await renaming;
    expect(over).toBe(true);
  });
});
