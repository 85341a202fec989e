import { describe, expect, it } from 'vitest';

import { mergeExportLists, withExport } from './exportList';
import { doneExport, reportExport } from './reportFixtures';

const queued = reportExport();
const running = reportExport({ status: 'running', rowsDone: 2_000 });
const done = doneExport();

describe('the exports as this tab knows them', () => {
  it('put a told export in its place, or first when it is new', () => {
    const older = reportExport({ id: 3, status: 'cancelled' });
    expect(withExport(undefined, queued)).toEqual({ exports: [queued] });
    expect(withExport({ exports: [older] }, queued).exports.map((each) => each.id)).toEqual([7, 3]);
    expect(withExport({ exports: [queued, older] }, running).exports).toEqual([running, older]);
  });

  it('never go back to an earlier state: news that crossed a later one is dropped', () => {
    expect(withExport({ exports: [done] }, running).exports).toEqual([done]);
    expect(withExport({ exports: [running] }, queued).exports).toEqual([running]);
    expect(withExport({ exports: [running] }, reportExport({ status: 'running', rowsDone: 1_000 })).exports).toEqual([running]);
    const cancelling = { ...running, cancelRequested: true };
    expect(withExport({ exports: [cancelling] }, running).exports).toEqual([cancelling]);
    // A finished one told again is taken as told (its file's details).
    const again = { ...done, keptUntil: '2999-12-31T00:00:00Z' };
    expect(withExport({ exports: [done] }, again).exports).toEqual([again]);
  });

  it('merge a fetched list with what the hub told meanwhile, keeping one queued after the list was read', () => {
    const older = reportExport({ id: 3, status: 'done' });
    const newer = reportExport({ id: 9 });
    expect(mergeExportLists({ exports: [running, older] }, { exports: [newer, done] }).exports).toEqual([newer, done, older]);
    expect(mergeExportLists({ exports: [done] }, { exports: [running] }).exports).toEqual([done]);
    // One the server no longer lists (cleared) is gone.
    expect(mergeExportLists({ exports: [done] }, { exports: [done, older] }).exports).toEqual([done]);
    expect(mergeExportLists({ exports: [] }, undefined).exports).toEqual([]);
  });
});
