import { Body1, Button, Text, Toolbar, ToolbarDivider, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowAutofitWidthRegular, ChevronLeftRegular, ChevronRightRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

import { Loading } from '../../components/LoadingMask';
import { useElementWidth } from '../../lib/screen';
import { pdfjsWithWorker } from './pdfWorker';
import { pdfPageLabel, pdfZoom, type PdfZoom } from './pdfViewerRules';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, height: '100%', minHeight: 0 },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXXS,
    rowGap: tokens.spacingVerticalXXS,
    padding: 0,
  },
  status: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', paddingInline: tokens.spacingHorizontalXS },
  scroller: {
    flexGrow: 1,
    minHeight: 0,
    overflow: 'auto',
    outlineOffset: '-2px',
  },
  page: {
    display: 'block',
    margin: '0 auto',
    boxShadow: tokens.shadow4,
    backgroundColor: 'white',
  },
});

type PdfDocument = Awaited<ReturnType<ReturnType<typeof pdfjsWithWorker>['getDocument']>['promise']>;

// A PDF drawn a page at a time with pdf.js, in the app's own page: no plug-in, and nothing in the
// file runs (scripts in PDFs are not run by pdf.js; eval is off). The file is read in ranges
// (the download route answers Range), only what page 1 needs before it is drawn; pages, zoom and
// fit-to-width are buttons and keys (PageUp/PageDown, + and -).
export function PdfViewer({ url, title }: { url: string; title: string }) {
  const styles = useStyles();
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState<PdfZoom>('fit');
  // The scale the page is drawn at now (1 = the PDF's own size), as the zoom buttons start from it.
  const [drawnScale, setDrawnScale] = useState(1);
  const scroller = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scroller);

  useEffect(() => {
    let cancelled = false;
    const task = pdfjsWithWorker().getDocument({
      url,
      isEvalSupported: false,
      // Ranges as the page needs them, not the whole file read on behind them; a stream would
      // read the whole file in one request before any range.
      disableAutoFetch: true,
      disableStream: true,
      rangeChunkSize: 64 * 1024,
    });
    task.promise.then(
      (loaded) => {
        if (!cancelled) setPdf(loaded);
      },
      (failure: unknown) => {
        if (!cancelled) setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  if (error) return <Body1>This PDF could not be shown: {error}</Body1>;
  const pages = pdf?.numPages ?? 0;
  const go = (next: number) => setPageNumber(Math.min(Math.max(1, next), Math.max(1, pages)));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const actions: Record<string, () => void> = {
      PageDown: () => go(pageNumber + 1),
      PageUp: () => go(pageNumber - 1),
      '+': () => setZoom(pdfZoom('in', drawnScale)),
      '=': () => setZoom(pdfZoom('in', drawnScale)),
      '-': () => setZoom(pdfZoom('out', drawnScale)),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  return (
    <div className={styles.root}>
      <Toolbar className={styles.toolbar} size="small" aria-label={`Pages and zoom of ${title}`}>
        <Tooltip content="Previous page" relationship="label">
          <Button appearance="subtle" size="small" icon={<ChevronLeftRegular />} disabled={!pdf || pageNumber <= 1} onClick={() => go(pageNumber - 1)} />
        </Tooltip>
        <Text size={200} className={styles.status} aria-live="polite">
          {pdf ? pdfPageLabel(pageNumber, pages) : 'Loading…'}
        </Text>
        <Tooltip content="Next page" relationship="label">
          <Button appearance="subtle" size="small" icon={<ChevronRightRegular />} disabled={!pdf || pageNumber >= pages} onClick={() => go(pageNumber + 1)} />
        </Tooltip>
        <ToolbarDivider />
        <Tooltip content="Zoom out" relationship="label">
          <Button appearance="subtle" size="small" icon={<ZoomOutRegular />} disabled={!pdf} onClick={() => setZoom(pdfZoom('out', drawnScale))} />
        </Tooltip>
        <Text size={200} className={styles.status} role="status" aria-label="Zoom">
          {Math.round(drawnScale * 100)}%
        </Text>
        <Tooltip content="Zoom in" relationship="label">
          <Button appearance="subtle" size="small" icon={<ZoomInRegular />} disabled={!pdf} onClick={() => setZoom(pdfZoom('in', drawnScale))} />
        </Tooltip>
        <Button appearance="subtle" size="small" icon={<ArrowAutofitWidthRegular />} disabled={!pdf} aria-pressed={zoom === 'fit'} onClick={() => setZoom('fit')}>
          Fit width
        </Button>
      </Toolbar>
      <div
        ref={scroller}
        className={styles.scroller}
        tabIndex={0}
        role="group"
        aria-label={`${title}: PageUp and PageDown turn the pages, + and - zoom`}
        onKeyDown={onKeyDown}
      >
        {pdf && width > 0 ? (
          <PdfPage pdf={pdf} number={pageNumber} title={title} className={styles.page} zoom={zoom} width={width} onScale={setDrawnScale} />
        ) : (
          <Loading label="Loading the document…" />
        )}
      </div>
    </div>
  );
}

function PdfPage({
  pdf,
  number,
  title,
  className,
  zoom,
  width,
  onScale,
}: {
  pdf: PdfDocument;
  number: number;
  title: string;
  className: string;
  zoom: PdfZoom;
  width: number;
  onScale: (scale: number) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let cancelled = false;
    void (async () => {
      const page = await pdf.getPage(number);
      const target = canvas.current;
      if (cancelled || !target) return;
      const natural = page.getViewport({ scale: 1 });
      const scale = zoom === 'fit' ? width / natural.width : zoom;
      onScale(scale);
      // Drawn sharp on a sharp screen, shown at its size in CSS pixels.
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * ratio });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      target.style.width = `${Math.floor(viewport.width / ratio)}px`;
      target.style.height = `${Math.floor(viewport.height / ratio)}px`;
      const context = target.getContext('2d');
      if (!context) return;
      task = page.render({ canvasContext: context, viewport });
      await task.promise.catch(() => undefined);
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number, zoom, width, onScale]);
  return <canvas ref={canvas} className={className} role="img" aria-label={`${title}, page ${number}`} />;
}
