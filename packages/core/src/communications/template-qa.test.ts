import { describe, expect, it } from 'vitest';
import {
  checkTemplateForQa,
  escapeHtml,
  templateQaReport,
  templateQaReportHtml,
  TEMPLATE_QA_SMS_MAX_SEGMENTS,
  type TemplateQaRendering,
  type TemplateQaTemplate,
} from '.';
import { TEMPLATE_LIBRARY_V1 } from './template-library';

const base: TemplateQaTemplate = {
  id: 't1',
  code: 'CUSTOM_1',
  name: 'Mall',
  category: 'custom',
  channel: 'email',
  subject: 'Ämne',
  body_md: 'Hej {{debtor_name}}',
};
const ok = (body: string, subject: string | null = 'Ämne'): Extract<TemplateQaRendering, { ok: true }> => ({
  case_label: 'Fall 1',
  ok: true,
  subject,
  body,
  body_as_sent: body,
});

describe('checkTemplateForQa', () => {
  it('passes a template whose renderings are clean', () => {
    expect(checkTemplateForQa(base, [ok('Hej Anna')])).toMatchObject({ passed: true, findings: [] });
  });

  it('finds a refused rendering and braces left in the text, per case', () => {
    const refused: TemplateQaRendering = { case_label: 'Fall 2', ok: false, code: 'UNKNOWN_TEMPLATE_VARIABLE', message: 'Okänd variabel i mallen: namn' };
    const result = checkTemplateForQa(base, [ok('Hej {{ namn'), refused]);
    expect(result.passed).toBe(false);
    expect(result.findings).toEqual([
      { kind: 'unresolved_variable', message: 'Texten innehåller {{ eller }} efter rendering', case_label: 'Fall 1' },
      { kind: 'unresolved_variable', message: 'Okänd variabel i mallen: namn', case_label: 'Fall 2' },
    ]);
  });

  it(`fails an SMS over ${TEMPLATE_QA_SMS_MAX_SEGMENTS} parts, and counts the parts with the unsubscribe line beside`, () => {
    const sms = { ...base, channel: 'sms' as const, subject: null };
    const fits = 'a'.repeat(306);
    expect(checkTemplateForQa(sms, [{ ...ok(fits, null), body_as_sent: `${fits} link` }])).toMatchObject({
      passed: true,
      sms_segments: [{ case_label: 'Fall 1', segments: 2, with_unsubscribe: 3 }],
    });
    expect(checkTemplateForQa(sms, [ok('a'.repeat(307), null)]).findings).toEqual([
      { kind: 'sms_too_long', message: '3 sms-delar (högst 2)', case_label: 'Fall 1' },
    ]);
  });

  it('lists what a demand lacks, and an empty subject on e-mail and letter only', () => {
    const demand = checkTemplateForQa({ ...base, category: 'demand', channel: 'letter', subject: '  ' }, [ok('x')]);
    expect(demand.findings.filter((finding) => finding.kind === 'demand_content_missing').map((finding) => finding.message)).toContain(
      'Bankgiro och OCR-nummer',
    );
    expect(demand.findings.at(-1)).toEqual({ kind: 'empty_subject', message: 'Ämnesraden är tom', case_label: null });
    expect(checkTemplateForQa({ ...base, channel: 'kivra', subject: null }, [ok('x', null)]).passed).toBe(true);
  });

  it("passes every demand of the library's text", () => {
    for (const template of TEMPLATE_LIBRARY_V1.filter((each) => each.category === 'demand')) {
      expect(checkTemplateForQa({ ...base, ...template, id: template.code }, []).findings).toEqual([]);
    }
  });
});

describe('the HTML report', () => {
  it('escapes everything from templates and puts failed templates first', () => {
    const failed = checkTemplateForQa({ ...base, code: 'Z', name: '<img src=x onerror=alert(1)>', subject: '' }, []);
    const passed = checkTemplateForQa({ ...base, code: 'A' }, []);
    const report = templateQaReport({
      batch_id: 'b1',
      created_at: '2026-11-22T09:00:00.000Z',
      organisation_name: 'Å & Ö "AB"',
      cases: [],
      results: [passed, failed],
    });
    expect(report).toMatchObject({ templates_checked: 2, templates_failed: 1 });
    expect(report.results.map((result) => result.code)).toEqual(['Z', 'A']);
    const html = templateQaReportHtml(report);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Å &amp; Ö &quot;AB&quot;');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });
});
