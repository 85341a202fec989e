import {
  DocumentPdfRegular,
  DocumentRegular,
  DocumentTextRegular,
  FolderZipRegular,
  ImageRegular,
  LinkRegular,
  LocationRegular,
  MailRegular,
  NotepadRegular,
  SlideTextRegular,
  TableRegular,
} from '@fluentui/react-icons';
import type { FluentIcon } from '@fluentui/react-icons';
import { createElement } from 'react';

// The icon of each kind of file, by its extension: the documents grid and the search results share
// it, so that a document looks the same wherever it is listed.
const byExtension: Record<string, FluentIcon> = {
  pdf: DocumentPdfRegular,
  doc: DocumentTextRegular,
  docx: DocumentTextRegular,
  odt: DocumentTextRegular,
  rtf: DocumentTextRegular,
  html: DocumentTextRegular,
  htm: DocumentTextRegular,
  txt: NotepadRegular,
  md: NotepadRegular,
  xls: TableRegular,
  xlsx: TableRegular,
  ods: TableRegular,
  csv: TableRegular,
  ppt: SlideTextRegular,
  pptx: SlideTextRegular,
  odp: SlideTextRegular,
  eml: MailRegular,
  msg: MailRegular,
  png: ImageRegular,
  jpg: ImageRegular,
  jpeg: ImageRegular,
  gif: ImageRegular,
  bmp: ImageRegular,
  webp: ImageRegular,
  tif: ImageRegular,
  tiff: ImageRegular,
  zip: FolderZipRegular,
};

// Which icon a document gets (spec 1 §2: external link, link, or a file-type icon): what it is
// (Electronic, Link, or another place such as a Location) and, for a file, its extension.
export function documentIconFor(kind: string, extension?: string | null): FluentIcon {
  if (kind === 'Link') return LinkRegular;
  if (kind !== 'Electronic') return LocationRegular;
  return byExtension[(extension ?? '').toLowerCase()] ?? DocumentRegular;
}

export function DocumentIcon({ kind, extension, size = 20 }: { kind: string; extension?: string | null; size?: number }) {
  // The icons are components of the module, chosen here, not made.
  return createElement(documentIconFor(kind, extension), { 'aria-hidden': true, fontSize: size });
}

// A search result's RowIcon names a document's icon in one word: Link, Location, or its file's
// extension (Document when it has none).
export function RowDocumentIcon({ rowIcon, size = 20 }: { rowIcon: string | undefined; size?: number }) {
  if (rowIcon === 'Link' || rowIcon === 'Location') return <DocumentIcon kind={rowIcon} size={size} />;
  return <DocumentIcon kind="Electronic" extension={rowIcon === 'Document' ? null : rowIcon} size={size} />;
}

export function kindText(kind: string, extension?: string | null): string {
  if (kind === 'Electronic') return extension ? extension.toUpperCase() : 'File';
  return kind;
}
