import { inflateSync } from 'node:zlib';

/*
 * The text of a PDF as pdfkit writes it, with where each run stands: every content stream
 * (inflated when compressed), each `x y Tm` followed by its `[<hex> kerning <hex>] TJ`, decoded as
 * WinAnsi (Windows-1252). Enough to check what a letter says and where.
 */

export interface PdfTextRun {
  text: string;
  /** Millimetres from the left edge. */
  xMm: number;
  /** Millimetres from the top edge to the baseline. */
  yMm: number;
  /** 0-based page number, in stream order. */
  page: number;
}

const MM = 72 / 25.4;
/** Windows-1252's 0x80–0x9F (Node's TextDecoder reads them as Latin-1 control characters). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function winAnsi(bytes: Buffer): string {
  return Array.from(bytes, (byte) => (byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : String.fromCharCode(byte))).join('');
}
const A4_HEIGHT_POINTS = 841.89;

function contentStreams(pdf: Uint8Array): string[] {
  const latin1 = Buffer.from(pdf).toString('latin1');
  const streams: string[] = [];
  const pattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(latin1))) {
    const start = match.index + match[0].length;
    const end = latin1.indexOf('endstream', start);
    const bytes = Buffer.from(pdf.subarray(start, end));
    try {
      streams.push(inflateSync(bytes).toString('latin1'));
    } catch {
      streams.push(bytes.toString('latin1'));
    }
  }
  return streams.filter((stream) => /\bBT\b/.test(stream));
}

export function pdfTextRuns(pdf: Uint8Array): PdfTextRun[] {
  const runs: PdfTextRun[] = [];
  contentStreams(pdf).forEach((stream, page) => {
    const pattern = /([-\d.]+) ([-\d.]+) Tm\s*(?:\/\S+ [\d.]+ Tf\s*)?\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\] TJ/g;
    let match: RegExpExecArray | null;
    while ((match = pattern.exec(stream))) {
      const text = [...match[3]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => winAnsi(Buffer.from(hex[1]!, 'hex'))).join('');
      runs.push({ text, xMm: Number(match[1]) / MM, yMm: (A4_HEIGHT_POINTS - Number(match[2])) / MM, page });
    }
  });
  return runs;
}

/** All the text, one run per line. */
export function pdfText(pdf: Uint8Array): string {
  return pdfTextRuns(pdf)
    .map((run) => run.text)
    .join('\n');
}
