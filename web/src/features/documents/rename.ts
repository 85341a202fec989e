import { renameFile } from './api';
import { kRenameReloadDelayMs } from './documentRules';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Spec 2 §4 "Rename": a rename whose answer's result is false is asked once more; then the reload
// waits 500 ms. Our server answers true or an error (its write is serialised, BEGIN IMMEDIATE), so
// false comes only from another server speaking the spec's contract; the client honours it all
// the same. A second false is told as a failure.
export async function renameDocument(caseNumber: string, guid: string, fileName: string): Promise<void> {
  let answered = await renameFile(caseNumber, guid, fileName);
  if (!answered.result) answered = await renameFile(caseNumber, guid, fileName);
  if (!answered.result) {
    throw new Error('The file could not be renamed: the document changed meanwhile. Open it again and rename it once more.');
  }
  await delay(kRenameReloadDelayMs);
}
