import {
  DocumentPdfRegular,
  DocumentRegular,
  DocumentTextRegular,
  ImageRegular,
  LinkRegular,
  LocationRegular,
  MailRegular,
  TableRegular,
  SlideTextRegular,
} from '@fluentui/react-icons';

// The icon of a document's type (spec 1 §2: external link, link, or a file-type icon).
export function DocumentIcon({ kind, extension, size = 20 }: { kind: string; extension?: string | null; size?: number }) {
  const props = { 'aria-hidden': true, fontSize: size } as const;
  if (kind === 'Link') return <LinkRegular {...props} />;
  if (kind !== 'Electronic') return <LocationRegular {...props} />;
  switch (extension) {
    case 'pdf':
      return <DocumentPdfRegular {...props} />;
    case 'png':
    case 'jpg':
    case 'jpeg':
    case 'gif':
    case 'tif':
    case 'tiff':
      return <ImageRegular {...props} />;
    case 'xlsx':
    case 'ods':
    case 'csv':
      return <TableRegular {...props} />;
    case 'pptx':
    case 'odp':
      return <SlideTextRegular {...props} />;
    case 'eml':
      return <MailRegular {...props} />;
    case 'txt':
    case 'docx':
    case 'odt':
    case 'rtf':
    case 'html':
      return <DocumentTextRegular {...props} />;
    default:
      return <DocumentRegular {...props} />;
  }
}

export function kindText(kind: string, extension?: string | null): string {
  if (kind === 'Electronic') return extension ? extension.toUpperCase() : 'File';
  return kind;
}
