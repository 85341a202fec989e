import { clickHiddenLink } from '../../lib/downloadLink';

// Long enough for any browser to have read the file before its address is given up.
const KEEP_ADDRESS_MS = 10_000;

// Saves a text the page made as a file: the browser asks where, or puts it with the downloads.
export function downloadTextFile(fileName: string, text: string): void {
  const address = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  clickHiddenLink(address, fileName);
  setTimeout(() => URL.revokeObjectURL(address), KEEP_ADDRESS_MS);
}
