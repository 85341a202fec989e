// Extraction throughput: how many pages a second dossier-inspect reads from text PDFs, and from
// scanned pages with OCR. Usage: node bench/extraction.mjs <dossier-inspect> <pages> <scans>
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [inspector, pageCount = '200', scanCount = '10'] = process.argv.slice(2);
const folder = mkdtempSync(join(tmpdir(), 'dossier-extraction-'));

const sentences = [
  'The resident reports that the problem has gone on for several weeks.',
  'A diary sheet was sent and returned with entries for fourteen nights.',
  'The officer visited and spoke to the manager, who agreed to keep doors closed.',
  'Neighbours on both sides say the same and would give statements.',
];

// A text PDF of this many pages, 48 lines of Helvetica each.
function textPdf(pages) {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids = [];
  for (let p = 0; p < pages; p += 1) {
    let stream = 'BT /F1 11 Tf 14 TL 56 790 Td\n';
    for (let line = 0; line < 48; line += 1) {
      stream += `(${sentences[(p + line) % sentences.length]} Page ${p + 1}, line ${line + 1}.) Tj T*\n`;
    }
    stream += 'ET\n';
    kids.push(`${objects.length + 1} 0 R`);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length + 2} 0 R >>`);
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}endstream`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

function timed(args) {
  const started = process.hrtime.bigint();
  const text = execFileSync(inspector, args, { maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, text };
}

try {
  const pdf = join(folder, 'report.pdf');
  writeFileSync(pdf, textPdf(Number(pageCount)), 'latin1');
  timed(['text', pdf, 'pdf']); // warm the file cache
  const text = timed(['text', pdf, 'pdf']);
  const scan = new URL('../server/tests/documents/fixtures/scanned-notice.pdf', import.meta.url).pathname;
  let scanSeconds = 0;
  let scanText = '';
  for (let i = 0; i < Number(scanCount); i += 1) {
    const one = timed(['text', scan, 'pdf']);
    scanSeconds += one.seconds;
    scanText = one.text;
  }
  console.log(JSON.stringify({
    textPages: Number(pageCount),
    textSeconds: text.seconds,
    textPagesPerSecond: Number(pageCount) / text.seconds,
    textBytes: text.text.length,
    scannedPages: Number(scanCount),
    scannedSeconds: scanSeconds,
    scannedPagesPerSecond: Number(scanCount) / scanSeconds,
    scannedReadCorrectly: scanText.includes('abatement notice'),
  }));
} finally {
  rmSync(folder, { recursive: true, force: true });
}
