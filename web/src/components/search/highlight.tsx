import { Fragment, type ReactNode } from 'react';

// Marks each word of text that starts with one of the search terms, ignoring case: a search for
// "complaint" finds "Complaints", and the word reads highlighted as a whole.
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  const wanted = terms.map((term) => term.toLocaleLowerCase()).filter((term) => term.length > 0);
  if (wanted.length === 0) return <>{text}</>;
  const parts = text.split(/([\p{L}\p{N}]+)/u);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 && wanted.some((term) => part.toLocaleLowerCase().startsWith(term)) ? (
          <mark key={index}>{part}</mark>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);
}

// An extract from the server: HTML-escaped text with <mark> around the words that matched. It is
// split on the marks and shown as text, never parsed as HTML.
export function Extract({ html }: { html: string }) {
  const out: ReactNode[] = [];
  const pieces = html.split(/(<mark>|<\/mark>)/);
  let marked = false;
  pieces.forEach((piece, index) => {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece !== '') out.push(marked ? <mark key={index}>{unescape(piece)}</mark> : <Fragment key={index}>{unescape(piece)}</Fragment>);
  });
  return <>{out}</>;
}
