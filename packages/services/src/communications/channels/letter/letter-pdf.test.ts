import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { ore } from '@fordran/core';
import { createLocalFileStorage } from '@fordran/store';
import { pdfText, pdfTextRuns } from '../../../../test/channels/pdf-text';
import type { OutgoingMessage } from '../channel';
import { ADDRESS_WINDOW_MM, printableText, renderLetterPdf, type LetterContent } from './letter-pdf';
import { createManualLetterClient } from './manual-letter-client';

const NBSP = '\u00a0';

const content: LetterContent = {
  sender: { name: 'Nordisk Inkasso AB', address_lines: ['Box 123', '111 22 Stockholm'], org_no: '556036-0793' },
  recipient_lines: ['Åsa Öberg', 'Storgatan 1', '123 45 Småstad'],
  date: '2026-11-22',
  reference: '0193f1c2-7a4b-7c3d-8e9f-0a1b2c3d4e5f',
  subject: 'Inkassokrav – faktura 1001',
  body: 'Hej Åsa,\n\nVi har fått i uppdrag av Borgenär AB att driva in er skuld.',
  payment: { bankgiro: '54029681', ocr: '1234567897', amountOre: ore(123450), due_date: '2026-12-02' },
};

describe('a letter as a PDF', () => {
  it('is an A4 PDF of one page', async () => {
    const pdf = await renderLetterPdf(content);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    const { width, height } = document.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  });

  it('prints the address inside the envelope window (20 mm from the left, 45–90 mm from the top)', async () => {
    const runs = pdfTextRuns(await renderLetterPdf(content, { compress: false }));
    for (const line of content.recipient_lines) {
      const run = runs.find((candidate) => candidate.text === line);
      expect(run, line).toBeDefined();
      expect(run!.xMm).toBeGreaterThanOrEqual(ADDRESS_WINDOW_MM.left);
      expect(run!.xMm).toBeLessThan(ADDRESS_WINDOW_MM.left + ADDRESS_WINDOW_MM.width);
      // The baseline, less a cap height of about 3 mm, stays inside the window.
      expect(run!.yMm - 3).toBeGreaterThanOrEqual(ADDRESS_WINDOW_MM.top);
      expect(run!.yMm).toBeLessThanOrEqual(ADDRESS_WINDOW_MM.top + ADDRESS_WINDOW_MM.height);
    }
    // Nothing else is printed in the window.
    const inWindow = runs.filter((run) => run.yMm > ADDRESS_WINDOW_MM.top && run.yMm < ADDRESS_WINDOW_MM.top + ADDRESS_WINDOW_MM.height && run.xMm < 110);
    expect(inWindow.map((run) => run.text)).toEqual([...content.recipient_lines]);
  });

  it('says who sends, when, what about, and how to pay: bankgiro, OCR, amount and due date in Swedish formats', async () => {
    const text = pdfText(await renderLetterPdf(content));
    for (const expected of [
      'Nordisk Inkasso AB',
      'Org.nr 556036-0793',
      'Datum: 2026-11-22',
      'Referens: 0193f1c2-7a4b-7c3d-8e9f-0a1b2c3d4e5f',
      'Inkassokrav – faktura 1001',
      'Vi har fått i uppdrag av Borgenär AB att driva in er skuld.',
      'Betalningsuppgifter',
      'Bankgiro',
      '5402-9681',
      'OCR-nummer',
      '1234567897',
      'Belopp att betala',
      `1${NBSP}234,50${NBSP}kr`,
      'Förfallodag',
      '2026-12-02',
      'Sida 1 av 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a long letter continues on further pages, numbered, with the payment block at its end', async () => {
    const pdf = await renderLetterPdf({ ...content, body: 'En lång redogörelse för skulden. '.repeat(400) });
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const runs = pdfTextRuns(pdf);
    expect(runs.some((run) => run.text === `Sida ${pages} av ${pages}`)).toBe(true);
    expect(Math.max(...runs.filter((run) => run.text === 'Betalningsuppgifter').map((run) => run.page))).toBe(Math.max(...runs.map((run) => run.page)));
  });

  it('without payment details there is no payment block', async () => {
    const { payment: _payment, ...withoutPayment } = content;
    expect(pdfText(await renderLetterPdf(withoutPayment))).not.toContain('Betalningsuppgifter');
  });

  it('characters the standard fonts lack become ?, a real minus sign a hyphen; å ä ö é € stay', () => {
    expect(printableText('Åsa −5 € é 😀 ✓')).toBe('Åsa -5 € é ? ?');
  });
});

describe('the manual letter provider', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fordran-letters-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = createLocalFileStorage(dir);
  const client = createManualLetterClient({ files, sender: content.sender, today: () => '2026-11-22' });
  const message: OutgoingMessage = {
    id: '0193f1c2-7a4b-7c3d-8e9f-0a1b2c3d4e60',
    org_id: 'org-1',
    channel: 'letter',
    recipient: 'Storgatan 1, 123 45 Småstad',
    subject: 'Påminnelse',
    body: 'Hej!',
    unsubscribe_url: null,
    letter: { address_lines: ['Åsa Öberg', 'Storgatan 1', '123 45 Småstad'], sender_name: 'Nordisk Inkasso AB', payment: content.payment },
  };

  it('renders and stores the PDF and leaves the letter queued for printing', async () => {
    const outcome = await client.send(message);
    expect(outcome).toEqual({
      kind: 'accepted',
      provider: 'manual',
      provider_message_id: null,
      status: 'queued',
      rendered_pdf_key: `orgs/org-1/letters/${message.id}.pdf`,
    });
    const stored = await files.get(`orgs/org-1/letters/${message.id}.pdf`);
    expect(stored?.contentType).toBe('application/pdf');
    expect(pdfText(stored!.bytes)).toContain('Åsa Öberg');
    expect(pdfText(stored!.bytes)).toContain('1234567897');
  });

  it('a resend after a crash keeps the first PDF (the evidence of what was sent)', async () => {
    const first = (await files.get(`orgs/org-1/letters/${message.id}.pdf`))!.bytes;
    await client.send({ ...message, body: 'Annan text' });
    expect(Buffer.from((await files.get(`orgs/org-1/letters/${message.id}.pdf`))!.bytes).equals(Buffer.from(first))).toBe(true);
  });

  it('without a letter address the recipient line ("street, zip city") is the address', async () => {
    const { letter: _letter, ...plain } = message;
    await client.send({ ...plain, id: '0193f1c2-7a4b-7c3d-8e9f-0a1b2c3d4e61' });
    const text = pdfText((await files.get('orgs/org-1/letters/0193f1c2-7a4b-7c3d-8e9f-0a1b2c3d4e61.pdf'))!.bytes);
    expect(text).toContain('Storgatan 1\n123 45 Småstad');
  });
});
