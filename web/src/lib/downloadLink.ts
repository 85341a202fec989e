import { errorOfAnswer } from './api';

// Asks for the file's first byte before the browser is sent for it: a hidden link's failure
// cannot be seen by the page (the browser would save the error as the file), a ranged read does
// not spend the token, and a file the server cannot give (its content missing from the store)
// becomes a dialog with the server's message.
async function checkReadable(url: string): Promise<void> {
  const response = await fetch(url, { headers: { Range: 'bytes=0-0' } });
  // 416: an empty file has no first byte, and is there all the same.
  if (response.ok || response.status === 416) {
    await response.body?.cancel();
    return;
  }
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  throw errorOfAnswer(response.status, data, response.headers.get('X-Correlation-Id') ?? undefined);
}

// Lets the browser download a file the server issued a one-time address for, through a hidden
// link (spec 2 §7): the file never passes through the page's memory, however large. Documents and
// report exports both download this way.
export async function downloadThroughLink(url: string, fileName: string): Promise<void> {
  await checkReadable(url);
  clickHiddenLink(url, fileName);
}

// Has the browser save what is at url (a server's address, or a blob: the page made) as fileName.
export function clickHiddenLink(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
