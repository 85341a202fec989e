import { downloadToken } from './api';

// Fetches a download token, then lets the browser download the file through a hidden link (spec 2
// §7): the file never passes through the page's memory, however large.
export async function downloadDocument(caseNumber: string, guid: string, versionId?: number): Promise<void> {
  const issued = await downloadToken(caseNumber, guid, versionId);
  const link = document.createElement('a');
  link.href = issued.url;
  link.download = issued.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
