import { Body1, Button, Link, Tab, TabList, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { OpenRegular, WarningRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router';

import { Loading } from '../../components/LoadingMask';
import { answer, api } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { formatDateTime, useDateFormat } from '../../lib/format';
import { informationBar, visiblePanels } from '../../lib/informationBar';
import { useWindowHeight } from '../../lib/screen';
import { slots } from '../../lib/slots';
import { useStore } from '../../lib/store';
import { documentKeys } from './api';
import { documentViewerHeight, previewErrorText } from './documentRules';
import { documentPath } from './paths';

const PdfViewer = lazy(() => import('./PdfViewer').then((module) => ({ default: module.PdfViewer })));

type DocumentPreview = Schemas['DocumentPreview'];

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    animationName: { from: { opacity: 0 }, to: { opacity: 1 } },
    animationDuration: '300ms',
  },
  rows: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  viewer: {
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  text: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    margin: 0,
  },
  pdfViewer: { overflowY: 'hidden', display: 'flex', flexDirection: 'column' },
  image: { maxWidth: '100%', height: 'auto', display: 'block' },
  message: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  open: { alignSelf: 'flex-start' },
});

export function documentPreviewQuery(caseNumber: string, guid: string) {
  return {
    queryKey: [...documentKeys.one(caseNumber, guid), 'preview'] as const,
    queryFn: () => answer(api.POST('/documentpreview', { body: { caseNumber, documentId: guid, requester: 'web' } })),
    // Reloaded only when the guid changes (spec 2 "Previews"), or while the text is being read.
    staleTime: Infinity,
    refetchInterval: (query: { state: { data?: DocumentPreview } }) => (query.state.data?.loadStatus === 'Pending' ? 2000 : false),
  };
}

// Below this the viewer would show too little of a page to read; spec 2 §9's heights apply above it.
const kSmallestViewer = 240;

function sizeText(size: number | null | undefined): string {
  return size === null || size === undefined ? '—' : size.toLocaleString();
}

// The document preview (spec 2 "Previews"): the metadata rows, then the document itself — PDF
// pages, a picture, or the text read from the file — or why it cannot be shown. A report filed in
// the case is shown as it is now (the document report preview), or as the copy filed.
export function DocumentPreviewPanel({ caseNumber, guid, offerOpen = true }: { caseNumber: string; guid: string; offerOpen?: boolean }) {
  const styles = useStyles();
  const format = useDateFormat();
  const navigate = useNavigate();
  const preview = useQuery(documentPreviewQuery(caseNumber, guid));
  const screenHeight = useWindowHeight();
  const openItems = visiblePanels(useStore(informationBar)).length;
  const [shown, setShown] = useState<'now' | 'filed'>('now');
  if (preview.isPending) return <Loading />;
  if (preview.isError) {
    // Spec 2 §8: RSG701 is a known condition of the viewer, passed over quietly; other text is shown.
    const text = previewErrorText(preview.error.message);
    return text === null ? null : <Body1>{text}</Body1>;
  }
  const data = preview.data;
  if (!data.canView) {
    return (
      <Body1 className={styles.message}>
        <WarningRegular aria-hidden /> {data.message ?? 'You do not have permission to view this Document.'}
      </Body1>
    );
  }
  const meta = data.documentMetaData;
  // Spec 2 §9: the screen's height less 345 with the metadata rows or 175 without, less 23 for each
  // panel of the information bar beyond two.
  const height = Math.max(kSmallestViewer, documentViewerHeight(screenHeight, Boolean(meta), openItems));
  const pdf = data.viewer === 'pdf' && data.viewUrl;
  const fileViewer = (
    <div
      className={mergeClasses(styles.viewer, pdf && styles.pdfViewer)}
      style={pdf ? { height: `${height}px` } : { maxHeight: `${height}px` }}
      data-testid="document-viewer"
    >
      {data.viewer === 'pdf' && data.viewUrl && (
        <Suspense fallback={<Loading label="Loading the document…" />}>
          <PdfViewer url={data.viewUrl} title={data.title ?? 'Document'} />
        </Suspense>
      )}
      {data.viewer === 'image' && data.viewUrl && <img className={styles.image} src={data.viewUrl} alt={data.title ?? 'The document'} />}
      {data.viewer === 'text' && data.loadStatus === 'OK' && (
        <pre className={styles.text}>
          {data.textContent || 'This file holds no text.'}
          {data.truncated ? '\n…' : ''}
        </pre>
      )}
      {data.loadStatus !== 'OK' && (
        <Body1 className={styles.message}>
          {data.loadStatus === 'Pending' ? <Loading label={data.message ?? 'Reading…'} /> : data.message}
          {data.link && (
            <Link href={data.link} target="_blank" rel="noopener noreferrer">
              Open the link
            </Link>
          )}
        </Body1>
      )}
    </div>
  );
  return (
    <section className={styles.panel} aria-label={`Preview of ${data.title ?? 'the document'}`}>
      <Text weight="semibold">{data.title}</Text>
      {meta && (
        <dl className={styles.rows}>
          <dt className={styles.term}>Registered Date</dt>
          <dd className={styles.value}>{formatDateTime(meta.registeredDate, format)}</dd>
          <dt className={styles.term}>Created By</dt>
          <dd className={styles.value}>{meta.createdBy}</dd>
          <dt className={styles.term}>Last Edit Date</dt>
          <dd className={styles.value}>{formatDateTime(meta.lastEditDate, format)}</dd>
          <dt className={styles.term}>Size (Bytes)</dt>
          <dd className={styles.value}>{sizeText(meta.size)}</dd>
          <dt className={styles.term}>Type</dt>
          <dd className={styles.value}>{meta.type.toUpperCase()}</dd>
          <dt className={styles.term}>Check Out Status</dt>
          <dd className={styles.value}>{meta.status}</dd>
        </dl>
      )}
      {offerOpen && (
        <Button className={styles.open} size="small" icon={<OpenRegular />} onClick={() => navigate(documentPath(caseNumber, guid))}>
          Open document
        </Button>
      )}
      {data.report ? (
        <>
          <TabList size="small" selectedValue={shown} onTabSelect={(_, tab) => setShown(tab.value === 'filed' ? 'filed' : 'now')} aria-label="Which report to show">
            <Tab value="now">As it is now</Tab>
            <Tab value="filed">Copy filed</Tab>
          </TabList>
          {shown === 'now' ? slots.filedReport(data.report.reportCode, data.report.data, fileViewer) : fileViewer}
        </>
      ) : (
        fileViewer
      )}
    </section>
  );
}
