import { downloadThroughLink } from '../../lib/downloadLink';
import { downloadToken } from './api';

// Fetches a download token, then lets the browser download the file through a hidden link.
export async function downloadDocument(caseNumber: string, guid: string, versionId?: number): Promise<void> {
  const issued = await downloadToken(caseNumber, guid, versionId);
  await downloadThroughLink(issued.url, issued.fileName);
}
