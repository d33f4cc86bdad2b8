import PDFDocument from 'pdfkit';
import { formatBankgiro, formatOre, type IsoDate } from '@fordran/core';
import type { LetterDetails } from '../channel';

/*
 * A letter as an A4 PDF (pdfkit): the sender at the top, the recipient's address where a window
 * envelope shows it (the common Swedish window, SS 19 C5/C4 "H2": 20 mm from the left edge, 45 mm
 * from the top, 90 × 45 mm), date and reference, subject, body, and at the end a payment block with
 * bankgiro, OCR number, amount and due date. Standard Helvetica carries å, ä, ö (WinAnsi).
 */

const MM = 72 / 25.4;
/** The address window on the sheet, in millimetres from the top-left corner. */
export const ADDRESS_WINDOW_MM = { left: 20, top: 45, width: 90, height: 45 } as const;
/** Text sits this far inside the window, so a letter shifted in the envelope still shows whole lines. */
const WINDOW_PADDING_MM = 4;
const MARGIN_MM = { left: 20, right: 20, top: 20, bottom: 25 } as const;
const PAYMENT_BLOCK_HEIGHT_MM = 38;

export interface LetterSender {
  name: string;
  address_lines: readonly string[];
  org_no: string | null;
}

export interface LetterContent {
  sender: LetterSender;
  /** Name, street lines, "postnummer ort": printed in the envelope window. */
  recipient_lines: readonly string[];
  date: IsoDate;
  /** Printed as "Referens" (the communication's id, so a returned letter is traced). */
  reference: string;
  subject: string | null;
  body: string;
  payment?: LetterDetails['payment'];
}

/** Characters of Windows-1252 beyond Latin-1 that the standard fonts carry. */
const CP1252_EXTRA = new Set(Array.from('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'));

/** Text the standard fonts can draw: a real minus sign becomes '-', anything else unknown '?'. */
export function printableText(text: string): string {
  return Array.from(text.replace(/\u2212/g, '-').replace(/\r\n?/g, '\n'))
    .map((character) => {
      const code = character.codePointAt(0)!;
      if (character === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(character)) return character;
      return '?';
    })
    .join('');
}

function bankgiroText(bankgiro: string): string {
  try {
    return formatBankgiro(bankgiro);
  } catch {
    return bankgiro;
  }
}

/** The payment block's rows (label, value), in print order. */
function paymentRows(payment: NonNullable<LetterDetails['payment']>): [string, string][] {
  return [
    ['Bankgiro', payment.bankgiro ? bankgiroText(payment.bankgiro) : '–'],
    ['OCR-nummer', payment.ocr ?? '–'],
    ['Belopp att betala', formatOre(payment.amountOre)],
    ['Förfallodag', payment.due_date ?? '–'],
  ];
}

function drawHeader(doc: PDFKit.PDFDocument, content: LetterContent): void {
  const left = MARGIN_MM.left * MM;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(printableText(content.sender.name), left, MARGIN_MM.top * MM * 0.75, { width: 85 * MM });
  doc.font('Helvetica').fontSize(8.5);
  for (const line of content.sender.address_lines) doc.text(printableText(line), { width: 85 * MM });
  if (content.sender.org_no) doc.text(`Org.nr ${printableText(content.sender.org_no)}`, { width: 85 * MM });

  const right = 110 * MM;
  doc.fontSize(8.5).text(`Datum: ${content.date}`, right, MARGIN_MM.top * MM * 0.75, { width: 80 * MM });
  doc.text(`Referens: ${printableText(content.reference)}`, { width: 80 * MM });
}

function drawAddress(doc: PDFKit.PDFDocument, lines: readonly string[]): void {
  const x = (ADDRESS_WINDOW_MM.left + WINDOW_PADDING_MM) * MM;
  const y = (ADDRESS_WINDOW_MM.top + WINDOW_PADDING_MM) * MM;
  const width = (ADDRESS_WINDOW_MM.width - 2 * WINDOW_PADDING_MM) * MM;
  doc.font('Helvetica').fontSize(11);
  // At most six lines fit the window; the address is never allowed to wrap out of it.
  lines.slice(0, 6).forEach((line, index) => {
    doc.text(printableText(line), x, y + index * 13, { width, lineBreak: false, ellipsis: true });
  });
}

function drawPaymentBlock(doc: PDFKit.PDFDocument, payment: NonNullable<LetterDetails['payment']>): void {
  const height = PAYMENT_BLOCK_HEIGHT_MM * MM;
  const bottom = doc.page.height - MARGIN_MM.bottom * MM;
  if (doc.y + 10 * MM + height > bottom) doc.addPage();
  const top = Math.max(doc.y + 8 * MM, bottom - height);
  const left = MARGIN_MM.left * MM;
  const width = doc.page.width - (MARGIN_MM.left + MARGIN_MM.right) * MM;
  doc.lineWidth(1).rect(left, top, width, height).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Betalningsuppgifter', left + 4 * MM, top + 4 * MM, { lineBreak: false });
  paymentRows(payment).forEach(([label, value], index) => {
    const column = index % 2;
    const row = Math.floor(index / 2);
    const x = left + 4 * MM + column * (width / 2);
    const y = top + 12 * MM + row * 11 * MM;
    doc.font('Helvetica').fontSize(8).text(label, x, y, { lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(printableText(value), x, y + 3.5 * MM, { lineBreak: false });
  });
}

function drawFooters(doc: PDFKit.PDFDocument, content: LetterContent): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Inside the bottom margin: lift it so writing there does not open a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 15 * MM;
    doc.font('Helvetica').fontSize(8);
    doc.text(printableText(content.sender.name), MARGIN_MM.left * MM, y, { lineBreak: false });
    doc.text(`Sida ${index - range.start + 1} av ${range.count}`, doc.page.width - (MARGIN_MM.right + 30) * MM, y, {
      width: 30 * MM,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

/**
 * Renders the letter. `compress: false` leaves the page contents readable (tests read the text
 * and where it stands).
 */
export function renderLetterPdf(content: LetterContent, options: { compress?: boolean } = {}): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN_MM.top * MM, bottom: MARGIN_MM.bottom * MM, left: MARGIN_MM.left * MM, right: MARGIN_MM.right * MM },
    bufferPages: true,
    compress: options.compress ?? true,
    lang: 'sv-SE',
    info: {
      Title: printableText(content.subject ?? 'Brev'),
      Author: printableText(content.sender.name),
      Creator: 'Fordran',
      CreationDate: new Date(`${content.date}T12:00:00Z`),
    },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  drawHeader(doc, content);
  drawAddress(doc, content.recipient_lines);
  const textWidth = doc.page.width - (MARGIN_MM.left + MARGIN_MM.right) * MM;
  let y = (ADDRESS_WINDOW_MM.top + ADDRESS_WINDOW_MM.height + 12) * MM;
  if (content.subject) {
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(printableText(content.subject), MARGIN_MM.left * MM, y, { width: textWidth });
    y = doc.y + 4 * MM;
  }
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .text(printableText(content.body), MARGIN_MM.left * MM, y, { width: textWidth, lineGap: 2 });
  if (content.payment) drawPaymentBlock(doc, content.payment);
  drawFooters(doc, content);
  doc.end();
  return done;
}
