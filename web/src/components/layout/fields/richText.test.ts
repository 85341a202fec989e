import { describe, expect, it } from 'vitest';

import { sanitizeRichText } from './richText';

describe('the rich text kept', () => {
  it('keeps the tags the server stores', () => {
    const html =
      '<p>One <b>bold</b>, <strong>strong</strong>, <i>it</i>, <em>em</em>, <u>u</u>, <s>s</s><br></p><ul><li>a</li></ul><ol><li>b</li></ol><h2>h</h2><h3>h</h3><h4>h</h4><pre><code>c</code></pre><blockquote>q</blockquote><div>d</div>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, styles and embedded content with all they hold', () => {
    expect(sanitizeRichText('<p>Hi<script>alert(1)</script><style>p{}</style><iframe src="x"></iframe><object></object></p>')).toBe(
      '<p>Hi</p>',
    );
  });

  it('keeps the text of other tags without the tags', () => {
    expect(sanitizeRichText('<p><span style="color:red">red</span> <font>old</font> <img src="x" onerror="alert(1)">pic</p>')).toBe(
      '<p>red old pic</p>',
    );
  });

  it('drops every attribute but a link’s address', () => {
    expect(sanitizeRichText('<p class="x" onclick="alert(1)" style="color:red">Hi</p>')).toBe('<p>Hi</p>');
  });

  it('keeps web and mail links, opening in a new tab without access to the page', () => {
    expect(sanitizeRichText('<a href="https://example.org/a?b=1" title="t">site</a>')).toBe(
      '<a href="https://example.org/a?b=1" rel="noopener noreferrer" target="_blank">site</a>',
    );
    expect(sanitizeRichText('<a href="mailto:ann@example.org">mail</a>')).toContain('href="mailto:ann@example.org"');
    expect(sanitizeRichText('<a href="HTTP://EXAMPLE.ORG">up</a>')).toContain('href="HTTP://EXAMPLE.ORG"');
  });

  it('keeps the text of a link to anywhere else, but not its address', () => {
    for (const href of ['javascript:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', '/relative', '']) {
      expect(sanitizeRichText(`<a href="${href}">link</a>`)).toBe('<a>link</a>');
    }
  });

  it('keeps text as text', () => {
    expect(sanitizeRichText('1 &lt; 2 &amp; <b>3 &gt; 2</b>')).toBe('1 &lt; 2 &amp; <b>3 &gt; 2</b>');
    expect(sanitizeRichText('')).toBe('');
  });
});
