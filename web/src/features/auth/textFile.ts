// Long enough for any browser to have read the file before its address is given up.
const KEEP_ADDRESS_MS = 10_000;

// Saves a text the page made as a file, through a temporary link to it: the browser asks where,
// or puts it with the downloads.
export function downloadTextFile(fileName: string, text: string): void {
  const address = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), KEEP_ADDRESS_MS);
}
