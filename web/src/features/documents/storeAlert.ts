import { showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import { documentStoreAlert, isDocumentStoreFailure, type FailureFacts } from './documentRules';

// What the rules need to know of a failure, however it was thrown.
export function failureFacts(error: unknown): FailureFacts {
  if (error instanceof ApiError) return { status: error.status, code: error.code, message: error.message };
  return { message: error instanceof Error ? error.message : String(error) };
}

// Raises the document-store header alert (spec 2 §8, §9) when a failure came from the store; the
// screen still shows its own dialog. True when it did.
export function raiseStoreAlert(error: unknown): boolean {
  const facts = failureFacts(error);
  if (!isDocumentStoreFailure(facts)) return false;
  showAlert(documentStoreAlert(facts.message));
  return true;
}
