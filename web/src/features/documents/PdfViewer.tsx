import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';

import { Loading } from '../../components/LoadingMask';

const useStyles = makeStyles({
  pages: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'stretch' },
  page: {
    width: '100%',
    height: 'auto',
    boxShadow: tokens.shadow4,
    backgroundColor: 'white',
  },
  count: { color: tokens.colorNeutralForeground3 },
});

// Pages are drawn a few at a time: a long report shows its first pages at once.
const kPagesAtOnce = 5;

type PdfDocument = Awaited<ReturnType<typeof import('pdfjs-dist')['getDocument']>['promise']>;

// A PDF drawn page by page with pdf.js, in the app's own page: no plug-in, and nothing in the file
// runs (scripts in PDFs are not run by pdf.js; eval is off).
export function PdfViewer({ url, title }: { url: string; title: string }) {
  const styles = useStyles();
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(kPagesAtOnce);

  useEffect(() => {
    let cancelled = false;
    let loaded: PdfDocument | null = null;
    void (async () => {
      try {
        const pdfjs = await import('pdfjs-dist');
        const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        loaded = await pdfjs.getDocument({ url, isEvalSupported: false, disableAutoFetch: true }).promise;
        if (!cancelled) setPdf(loaded);
      } catch (failure) {
        if (!cancelled) setError(failure instanceof Error ? failure.message : String(failure));
      }
    })();
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  if (error) return <Body1>This PDF could not be shown: {error}</Body1>;
  if (!pdf) return <Loading label="Loading the document…" />;
  const pages = Array.from({ length: Math.min(shown, pdf.numPages) }, (_, index) => index + 1);
  return (
    <div className={styles.pages}>
      {pages.map((number) => (
        <PdfPage key={number} pdf={pdf} number={number} title={title} className={styles.page} />
      ))}
      <Body1 className={styles.count}>
        {pdf.numPages === 1 ? '1 page' : `Pages 1–${pages.length} of ${pdf.numPages}`}
      </Body1>
      {shown < pdf.numPages && <Button onClick={() => setShown(shown + kPagesAtOnce)}>Show more pages</Button>}
    </div>
  );
}

function PdfPage({ pdf, number, title, className }: { pdf: PdfDocument; number: number; title: string; className: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let cancelled = false;
    void (async () => {
      const page = await pdf.getPage(number);
      const target = canvas.current;
      if (cancelled || !target) return;
      // Drawn at the panel's width on a sharp screen.
      const viewport = page.getViewport({ scale: 1.5 * (window.devicePixelRatio || 1) });
      target.width = viewport.width;
      target.height = viewport.height;
      const context = target.getContext('2d');
      if (!context) return;
      task = page.render({ canvasContext: context, viewport });
      await task.promise.catch(() => undefined);
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number]);
  return <canvas ref={canvas} className={className} role="img" aria-label={`${title}, page ${number}`} />;
}
