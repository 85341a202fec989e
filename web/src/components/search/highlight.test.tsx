import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Extract, Highlighted } from './highlight';

describe('highlighted search fields', () => {
  it('marks whole words that start with a search term, in any case', () => {
    const { container } = render(<Highlighted text="Complaints about the Harbour bar" terms={['complaint', 'harb']} />);
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Complaints', 'Harbour']);
    expect(container.textContent).toBe('Complaints about the Harbour bar');
  });

  it('marks nothing inside a word', () => {
    const { container } = render(<Highlighted text="Barbara" terms={['bar']} />);
    expect(container.querySelectorAll('mark')).toHaveLength(1);
    const { container: inside } = render(<Highlighted text="crowbar" terms={['bar']} />);
    expect(inside.querySelectorAll('mark')).toHaveLength(0);
  });

  it('shows the text as it is without terms', () => {
    const { container } = render(<Highlighted text="Noise" terms={[]} />);
    expect(container.innerHTML).toBe('Noise');
  });
});

describe('extracts', () => {
  it('marks what the server marked and shows escaped text as text', () => {
    const { container } = render(<Extract html="…music &lt;b&gt;after&lt;/b&gt; &amp; <mark>noise</mark> at night…" />);
    expect(container.querySelector('b')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['noise']);
    expect(container.textContent).toBe('…music <b>after</b> & noise at night…');
  });

  it('never runs markup from a record', () => {
    const { container } = render(<Extract html="&lt;script&gt;alert(1)&lt;/script&gt; <mark>x</mark><img src=x onerror=alert(1)>" />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });
});
