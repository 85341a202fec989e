// What a save could not keep ("Save completed with errors"), handed to the form that opens after
// the save (a new record's page), by the record's identifier.
const pending = new Map<string, string[]>();

export const pendingSaveWarnings = {
  put(identifier: string, messages: string[]): void {
    pending.set(identifier.toLowerCase(), messages);
  },
  take(identifier: string): string[] | undefined {
    const key = identifier.toLowerCase();
    const messages = pending.get(key);
    pending.delete(key);
    return messages;
  },
};
