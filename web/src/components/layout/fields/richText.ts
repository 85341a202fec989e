// The rich text the server keeps (server/src/types/rich_text.cpp): the same tags are allowed
// here, so that what a person types is what is stored.
const allowed = new Set(['P', 'BR', 'DIV', 'B', 'STRONG', 'I', 'EM', 'U', 'S', 'UL', 'OL', 'LI', 'A', 'H2', 'H3', 'H4', 'CODE', 'PRE', 'BLOCKQUOTE']);
const dropped = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'TEMPLATE']);

function safeHref(href: string | null): boolean {
  // Browsers ignore spaces and control characters inside a scheme ("java\tscript:").
  const compact = [...(href ?? '')].filter((character) => character.charCodeAt(0) > 0x20).join('').toLowerCase();
  return compact.startsWith('https://') || compact.startsWith('http://') || compact.startsWith('mailto:');
}

function clean(node: Node, into: Node, document: Document) {
  node.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(document.createTextNode(child.textContent ?? ''));
      return;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) return;
    const element = child as Element;
    if (dropped.has(element.tagName)) return;
    if (!allowed.has(element.tagName)) {
      clean(element, into, document);
      return;
    }
    const copy = document.createElement(element.tagName.toLowerCase());
    if (element.tagName === 'A' && safeHref(element.getAttribute('href'))) {
      copy.setAttribute('href', element.getAttribute('href') ?? '');
      copy.setAttribute('rel', 'noopener noreferrer');
      copy.setAttribute('target', '_blank');
    }
    clean(element, copy, document);
    into.appendChild(copy);
  });
}

export function sanitizeRichText(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const out = document.createElement('div');
  clean(template.content, out, document);
  return out.innerHTML;
}
