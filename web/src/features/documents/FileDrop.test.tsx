import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { FileDrop } from './FileDrop';
import type { FileUpload } from './uploadProgress';

const files: FileUpload[] = [
  { key: 'a', name: 'Half.pdf', size: 1000, sent: 500, state: 'uploading' },
  { key: 'b', name: 'Sent.pdf', size: 1000, sent: 1000, state: 'finishing' },
  { key: 'c', name: 'Stored.pdf', size: 1000, sent: 1000, state: 'done', uploadId: 'u1' },
];

// Walk-through 4: a percentage in words, a Finishing state until the server confirms, the done state
// only then; never colour alone.
describe('the files of a drop zone', () => {
  it('say in words where each upload stands, and tell a screen reader the same', () => {
    render(<FileDrop label="Files to add" files={files} multiple onAdd={() => undefined} onRemove={() => undefined} />);
    expect(screen.getByRole('progressbar', { name: 'Half.pdf: 50% uploaded' })).toHaveAttribute('aria-valuetext', '50% uploaded');
    expect(screen.getByText('50%')).toBeVisible();
    const finishing = screen.getByRole('progressbar', { name: 'Sent.pdf: finishing' });
    expect(finishing).toHaveAttribute('aria-valuetext', 'Finishing: checking the file type and storing the file');
    expect(finishing).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText('Finishing…')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Stored.pdf: uploaded' })).toHaveAttribute('aria-valuetext', 'Uploaded');
    expect(screen.getByText('Uploaded')).toBeVisible();
  });
});
