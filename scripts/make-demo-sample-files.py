#!/usr/bin/env python3
"""Makes the files the demo environment's samples attach to its cases (environments/demo/sample-files/).

The files are committed; this script says how they were made and makes them again, byte for byte:
a text PDF (the noise diary), Word letters (.docx), a scanned page (a PDF holding only a picture of
the page, which only OCR reads), and an e-mail (.eml). The scan is drawn by pdftoppm (Debian's
poppler-utils) from a text PDF, then tilted, thresholded to black and white and speckled the way an
office scanner leaves a page. Python's standard library does the rest.

    python3 scripts/make-demo-sample-files.py
"""

import io
import math
import os
import random
import subprocess
import tempfile
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'environments', 'demo', 'sample-files')


# ---------------------------------------------------------------------------------------------
# PDF

def pdf_string(text):
    data = text.encode('cp1252')
    return b'(' + data.replace(b'\\', b'\\\\').replace(b'(', b'\\(').replace(b')', b'\\)') + b')'


def pdf_file(objects):
    """A PDF of these objects (bytes each, numbered from 1; the first is the catalog)."""
    out = bytearray(b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b'%d 0 obj\n' % number + body + b'\nendobj\n'
    xref = len(out)
    out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(objects) + 1)
    for offset in offsets:
        out += b'%010d 00000 n \n' % offset
    out += b'trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (
        len(objects) + 1, len(objects), xref)
    return bytes(out)


def info(title, author):
    return (b'<< /Title ' + pdf_string(title) + b' /Author ' + pdf_string(author) +
            b' /Producer (Dossier demo samples) /CreationDate (D:20261004120000Z) >>')


def stream(data, extra=b''):
    packed = zlib.compress(data, 9)
    return b'<< /Length %d /Filter /FlateDecode%s >>\nstream\n' % (len(packed), extra) + packed + b'\nendstream'


def text_pdf(title, author, lines):
    """One A4 page of text. lines: (font, size, x, y, text); font R (Helvetica) or B (bold)."""
    content = bytearray(b'BT\n')
    for font, size, x, y, text in lines:
        content += b'/F%s %d Tf 1 0 0 1 %d %d Tm ' % (font.encode(), size, x, y) + pdf_string(text) + b' Tj\n'
    content += b'ET\n'
    objects = [
        b'<< /Type /Catalog /Pages 2 0 R >>',
        b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /FR 4 0 R '
        b'/FB 5 0 R >> >> /Contents 6 0 R >>',
        b'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
        b'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
        stream(bytes(content)),
        info(title, author),
    ]
    return pdf_file(objects)


def image_pdf(title, author, width, height, bits, dpi):
    """One A4 page that is only a black-and-white picture: what a scanner makes."""
    objects = [
        b'<< /Type /Catalog /Pages 2 0 R >>',
        b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R '
        b'>> >> /Contents 5 0 R >>',
        stream(bits, b' /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray '
               b'/BitsPerComponent 1' % (width, height)),
        stream(b'q 595 0 0 842 0 0 cm /Im1 Do Q\n'),
        info(title, author),
    ]
    return pdf_file(objects)


# ---------------------------------------------------------------------------------------------
# The noise diary: a text PDF

def noise_diary():
    lines = [
        ('B', 20, 56, 780, 'Noise diary'),
        ('R', 11, 56, 756, 'Kept by Margaret Okafor, 14 Cedar Row, Harbridge HB4 7QT'),
        ('R', 11, 56, 740, 'About: music and voices from the terrace of the bar at 2 Harbour Walk'),
        ('B', 11, 56, 706, 'Date'),
        ('B', 11, 150, 706, 'Time'),
        ('B', 11, 240, 706, 'What I heard'),
    ]
    entries = [
        ('Fri 19 Sep 2026', '23:40 - 01:50', ['Amplified music. The bass from a subwoofer on the terrace',
                                              'shook the bedroom windows. Could not sleep until after 2am.']),
        ('Sat 20 Sep 2026', '22:15 - 02:05', ['A live band, then shouting and singing as people left.',
                                              'Woke twice. Windows closed made no difference.']),
        ('Fri 26 Sep 2026', '23:00 - 01:30', ['A DJ. Bass felt through the floor of the back bedroom.',
                                              'Telephoned the bar at 00:20; nobody answered.']),
        ('Sat 27 Sep 2026', '23:30 - 02:10', ['Music and a crowd singing at closing time. Glass bottles',
                                              'thrown into the bins at 02:05.']),
        ('Fri 3 Oct 2026', '23:10 - 01:45', ['Amplified music again. Rang the council out-of-hours line,',
                                              'who said an officer would call back.']),
    ]
    y = 684
    for date, time, what in entries:
        lines.append(('R', 10, 56, y, date))
        lines.append(('R', 10, 150, y, time))
        for line in what:
            lines.append(('R', 10, 240, y, line))
            y -= 14
        y -= 10
    lines += [
        ('R', 11, 56, y - 20, 'I am happy to give evidence if the council takes this further.'),
        ('R', 11, 56, y - 56, 'Signed: M. Okafor        Date: 4 October 2026'),
    ]
    return text_pdf('Noise diary', 'Margaret Okafor', lines)


# ---------------------------------------------------------------------------------------------
# The abatement notice: a scanned page

NOTICE = [
    ('B', 15, 150, 780, 'HARBRIDGE BOROUGH COUNCIL'),
    ('R', 11, 150, 762, 'Environmental Protection Act 1990, section 80'),
    ('B', 17, 150, 722, 'ABATEMENT NOTICE'),
    ('R', 12, 72, 680, 'To: The licensee, 2 Harbour Walk, Harbridge HB1 1BF'),
    ('R', 12, 72, 648, 'The Council is satisfied that a statutory nuisance exists at the'),
    ('R', 12, 72, 630, 'premises above: amplified music and voices from the terrace'),
    ('R', 12, 72, 612, 'between 23:00 and 02:00 on Fridays and Saturdays.'),
    ('R', 12, 72, 580, 'You are required to abate the nuisance within 14 days of the date'),
    ('R', 12, 72, 562, 'of this notice, and to prevent it from happening again, by keeping'),
    ('R', 12, 72, 544, 'amplified music inside the building with its doors and windows'),
    ('R', 12, 72, 526, 'closed after 23:00.'),
    ('R', 12, 72, 494, 'Failing to comply with this notice without reasonable excuse is'),
    ('R', 12, 72, 476, 'an offence. You may appeal to the magistrates court within'),
    ('R', 12, 72, 458, '21 days of the date on which this notice is served.'),
    ('R', 12, 72, 410, 'Dated: 24 October 2026'),
    ('R', 12, 72, 380, 'Signed: J. Ellis, Authorised Officer'),
]


def scanned_notice(work):
    typed = os.path.join(work, 'notice.pdf')
    with open(typed, 'wb') as f:
        f.write(text_pdf('Abatement notice', 'Harbridge Borough Council', NOTICE))
    dpi = 200
    subprocess.run(['pdftoppm', '-gray', '-r', str(dpi), '-singlefile', typed, os.path.join(work, 'page')],
                   check=True)
    with open(os.path.join(work, 'page.pgm'), 'rb') as f:
        data = f.read()
    # P5 header: magic, width, height, maximum, then one byte a pixel.
    parts = data.split(maxsplit=4)
    width, height, pixels = int(parts[1]), int(parts[2]), parts[4]
    # Tilted a little, as a page fed by hand is, and speckled.
    angle = math.radians(0.6)
    cos, sin = math.cos(angle), math.sin(angle)
    cx, cy = width / 2, height / 2
    noise = random.Random(80)
    rows = bytearray()
    row_bytes = (width + 7) // 8
    for y in range(height):
        row = bytearray(row_bytes)
        for x in range(width):
            sx = int(cos * (x - cx) + sin * (y - cy) + cx)
            sy = int(-sin * (x - cx) + cos * (y - cy) + cy)
            value = pixels[sy * width + sx] if 0 <= sx < width and 0 <= sy < height else 255
            black = value < 150 or noise.random() < 0.0004
            if not black:  # PDF DeviceGray 1-bit: 1 is white
                row[x >> 3] |= 0x80 >> (x & 7)
        rows += row
    return image_pdf('Scan', 'Scanner', width, height, bytes(rows), dpi)


# ---------------------------------------------------------------------------------------------
# Word letters (.docx)

def xml_text(text):
    return text.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')


def docx(paragraphs, title, author):
    """paragraphs: (style, text); style '' for body text, 'b' for bold, 'h' for a heading."""
    body = ''
    for style, text in paragraphs:
        props = ''
        if style == 'h':
            props = '<w:pPr><w:spacing w:before="240" w:after="120"/></w:pPr>'
            run = '<w:rPr><w:b/><w:sz w:val="28"/></w:rPr>'
        elif style == 'b':
            run = '<w:rPr><w:b/></w:rPr>'
        else:
            run = ''
        body += ('<w:p>%s<w:r>%s<w:t xml:space="preserve">%s</w:t></w:r></w:p>'
                 % (props, run, xml_text(text)))
    document = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        '<w:body>' + body +
        '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" '
        'w:bottom="1440" w:left="1440"/></w:sectPr></w:body></w:document>')
    styles = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/>'
        '<w:sz w:val="22"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160"/>'
        '</w:pPr></w:pPrDefault></w:docDefaults></w:styles>')
    types = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/word/document.xml" ContentType="application/'
        'vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
        '<Override PartName="/word/styles.xml" ContentType="application/'
        'vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>'
        '<Override PartName="/docProps/core.xml" '
        'ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>')
    rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/officeDocument" Target="word/document.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/'
        'metadata/core-properties" Target="docProps/core.xml"/></Relationships>')
    document_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/styles" Target="styles.xml"/></Relationships>')
    core = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/'
        'core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">'
        '<dc:title>%s</dc:title><dc:creator>%s</dc:creator></cp:coreProperties>'
        % (xml_text(title), xml_text(author)))
    parts = [('[Content_Types].xml', types), ('_rels/.rels', rels), ('docProps/core.xml', core),
             ('word/_rels/document.xml.rels', document_rels), ('word/document.xml', document),
             ('word/styles.xml', styles)]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, 'w', zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts:
            entry = zipfile.ZipInfo(name, date_time=(2026, 11, 12, 9, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, text.encode('utf-8'))
    return buffer.getvalue()


COUNCIL = [('b', 'Harbridge Borough Council'), ('', 'Environmental Services, Civic Centre, Harbour Road, '
                                                     'Harbridge HB1 1AA')]


def bins_letter():
    return docx(COUNCIL + [
        ('', '12 November 2026'),
        ('', 'Mr T. Nowak, Flat 3, 88 Quay Street, Harbridge HB1 2AX'),
        ('', 'Our reference: HB/2026/1187'),
        ('h', 'Overflowing bins behind Market Street'),
        ('', 'Dear Mr Nowak,'),
        ('', 'Thank you for your letter of 10 November about the commercial bins behind the shops on '
             'Market Street.'),
        ('', 'We have spoken to Greenway Waste Services, the contractor that empties the bins for the '
             'shops. Their lorry missed two collections because parked cars blocked the service lane.'),
        ('', 'The bins will be emptied on Friday, and we are putting up signs in the lane to keep it '
             'clear on collection days. An officer will visit on 19 November to check that the bins '
             'have been emptied and the area cleaned.'),
        ('', 'If the bins overflow again, please let us know, quoting the reference above.'),
        ('', 'Yours sincerely,'),
        ('', 'Jordan Ellis'),
        ('', 'Licensing and Enforcement Team Leader'),
    ], 'Overflowing bins behind Market Street', 'Jordan Ellis')


CONDITIONS = [
    'Licensable activities end at 01:00 on Fridays and Saturdays, and at 23:00 on other days.',
    'Doors and windows are kept closed after 23:00, except for people coming in and going out.',
    'The terrace is cleared of customers by 23:00, and its tables and chairs taken in.',
    'A noise limiter is fitted to every amplifier, set by the Council\'s officer, and kept sealed.',
]


def licence_conditions(version, count, note):
    paragraphs = COUNCIL + [
        ('h', 'Proposed licence conditions, version %s' % version),
        ('', 'Premises: 2 Harbour Walk, Harbridge HB1 1BF. Application: extension of hours.'),
    ]
    for number, condition in enumerate(CONDITIONS[:count], start=1):
        paragraphs.append(('', '%d. %s' % (number, condition)))
    paragraphs.append(('', note))
    return docx(paragraphs, 'Proposed licence conditions', 'Jordan Ellis')


# ---------------------------------------------------------------------------------------------
# An e-mail received (.eml)

def vans_email():
    lines = [
        'Date: Mon, 21 Sep 2026 08:52:13 +0100',
        'From: Tomasz Nowak <tnowak@example.net>',
        'To: Harbridge complaints <complaints@harbridge.example.gov>',
        'Subject: Vans on the school zig-zag lines again',
        'Message-ID: <20260921085213.4471@example.net>',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=UTF-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        'Hello,',
        '',
        'For the third morning this week two delivery vans were parked on the zig-zag',
        'lines outside Harbour Primary School at drop-off time, from about 8:25 to 8:50.',
        'The lollipop lady had to step out between them to see the traffic, and children',
        'were crossing behind the vans where drivers cannot see them.',
        '',
        'I took photographs of both vans and can send them if that helps. Could someone',
        'come and look at it at 8:30 one morning?',
        '',
        'Thank you,',
        'Tomasz Nowak',
        'Flat 3, 88 Quay Street',
        '',
    ]
    return '\r\n'.join(lines).encode('utf-8')


def main():
    os.makedirs(OUT, exist_ok=True)
    files = {
        'noise-diary.pdf': noise_diary(),
        'letter-about-the-bins.docx': bins_letter(),
        'licence-conditions-1.0.docx': licence_conditions(
            '1.0', 2, 'Draft for the applicant, before the consultation.'),
        'licence-conditions-1.1.docx': licence_conditions(
            '1.1', 3, 'Condition 3 added after the objection from a resident.'),
        'licence-conditions-2.0.docx': licence_conditions(
            '2.0', 4, 'Condition 4 agreed with the applicant at the meeting of 20 November.'),
        'vans-on-the-zig-zags.eml': vans_email(),
    }
    with tempfile.TemporaryDirectory() as work:
        files['notice-served-scan.pdf'] = scanned_notice(work)
    for name, data in files.items():
        with open(os.path.join(OUT, name), 'wb') as f:
            f.write(data)
        print('%-32s %7d bytes' % (name, len(data)))


if __name__ == '__main__':
    main()
