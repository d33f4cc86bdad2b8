import { COMM_CHANNEL_LABELS, COMM_CHANNELS_WITH_SUBJECT, COMM_TEMPLATE_CATEGORY_LABELS, type CommChannel, type CommTemplateCategory } from './comm-constants';
import { missingDemandContent } from './demand-content';
import { smsSegmentCount } from './sms-segments';

/*
 * Template QA (Mall-QA Sverige, spec part 2 §7, issue 11): every active template is rendered for
 * a batch of test cases and checked for what would embarrass the agency or break the law when it
 * goes out. The checks and the HTML report are pure; the services make the cases and render.
 */

/**
 * An SMS template may take at most this many parts for any test case. Two parts is what the
 * library promises (core template-library test) and keeps the price of a message predictable;
 * the unsubscribe line sending appends is not counted here — it depends on the server's public
 * URL, not on the template — but the report shows the count with it.
 */
export const TEMPLATE_QA_SMS_MAX_SEGMENTS = 2;

export type TemplateQaFindingKind = 'unresolved_variable' | 'sms_too_long' | 'demand_content_missing' | 'empty_subject';

/** Swedish headings of the kinds, in the order the report lists them. */
export const TEMPLATE_QA_FINDING_LABELS: Record<TemplateQaFindingKind, string> = {
  unresolved_variable: 'Olösta variabler',
  sms_too_long: 'För långt sms',
  demand_content_missing: 'Obligatoriskt innehåll saknas i inkassokrav',
  empty_subject: 'Ämnesrad saknas',
};

export interface TemplateQaFinding {
  kind: TemplateQaFindingKind;
  message: string;
  /** The test case it was found on; null for what the template's text lacks whatever the case. */
  case_label: string | null;
}

/** A template as the QA checks it. */
export interface TemplateQaTemplate {
  id: string;
  code: string;
  name: string;
  category: CommTemplateCategory;
  channel: CommChannel;
  subject: string | null;
  body_md: string;
}

/** One test case of a batch: a label a person reads ('Privatperson med ränta och avgifter'). */
export interface TemplateQaCase {
  case_id: string;
  label: string;
}

/** A template rendered for one test case: the text, or why it could not be rendered. */
export type TemplateQaRendering =
  | { case_label: string; ok: true; subject: string | null; body: string; /** The body with sending's unsubscribe line. */ body_as_sent: string }
  | { case_label: string; ok: false; code: string; message: string };

export interface TemplateQaResult {
  template_id: string;
  code: string;
  name: string;
  category: CommTemplateCategory;
  channel: CommChannel;
  passed: boolean;
  /** Per test case: SMS parts of the rendered text, and with the unsubscribe line (SMS only). */
  sms_segments: { case_label: string; segments: number; with_unsubscribe: number }[];
  findings: TemplateQaFinding[];
}

const PLACEHOLDER_LEFT = /\{\{|\}\}/;

/** What rendering refused or left behind for one case (an unknown or missing value, a `{{` left). */
function unresolvedFindings(rendering: TemplateQaRendering): TemplateQaFinding[] {
  if (!rendering.ok) return [{ kind: 'unresolved_variable', message: rendering.message, case_label: rendering.case_label }];
  const left = [rendering.subject ?? '', rendering.body].some((text) => PLACEHOLDER_LEFT.test(text));
  return left ? [{ kind: 'unresolved_variable', message: 'Texten innehåller {{ eller }} efter rendering', case_label: rendering.case_label }] : [];
}

/**
 * Checks one template against its renderings: unresolved variables (refused by rendering, or
 * braces left in the text), SMS over `TEMPLATE_QA_SMS_MAX_SEGMENTS` parts, the mandatory content
 * of an inkassokrav (`missingDemandContent`, category demand) and an empty subject on e-mail and
 * letter. A template passes when nothing is found.
 * @example checkTemplateForQa({ ...template, channel: 'email', subject: ' ' }, []).findings[0].kind // "empty_subject"
 */
export function checkTemplateForQa(template: TemplateQaTemplate, renderings: readonly TemplateQaRendering[]): TemplateQaResult {
  const findings: TemplateQaFinding[] = renderings.flatMap(unresolvedFindings);
  const smsSegments =
    template.channel === 'sms'
      ? renderings.flatMap((rendering) =>
          rendering.ok
            ? [{ case_label: rendering.case_label, segments: smsSegmentCount(rendering.body), with_unsubscribe: smsSegmentCount(rendering.body_as_sent) }]
            : [],
        )
      : [];
  for (const each of smsSegments) {
    if (each.segments > TEMPLATE_QA_SMS_MAX_SEGMENTS) {
      findings.push({ kind: 'sms_too_long', message: `${each.segments} sms-delar (högst ${TEMPLATE_QA_SMS_MAX_SEGMENTS})`, case_label: each.case_label });
    }
  }
  if (template.category === 'demand') {
    for (const element of missingDemandContent(template.body_md)) {
      findings.push({ kind: 'demand_content_missing', message: element.label, case_label: null });
    }
  }
  if (COMM_CHANNELS_WITH_SUBJECT.includes(template.channel) && (template.subject ?? '').trim() === '') {
    findings.push({ kind: 'empty_subject', message: 'Ämnesraden är tom', case_label: null });
  }
  return {
    template_id: template.id,
    code: template.code,
    name: template.name,
    category: template.category,
    channel: template.channel,
    passed: findings.length === 0,
    sms_segments: smsSegments,
    findings,
  };
}

/** A batch's outcome: what was checked, against which cases, and the verdict per template. */
export interface TemplateQaReport {
  batch_id: string;
  /** ISO instant of the run. */
  created_at: string;
  organisation_name: string;
  cases: TemplateQaCase[];
  results: TemplateQaResult[];
  templates_checked: number;
  templates_failed: number;
}

/** Builds the report of a batch from the checked templates (failed first, then by code). */
export function templateQaReport(input: Omit<TemplateQaReport, 'templates_checked' | 'templates_failed'>): TemplateQaReport {
  const results = [...input.results].sort((a, b) => Number(a.passed) - Number(b.passed) || a.code.localeCompare(b.code));
  return { ...input, results, templates_checked: results.length, templates_failed: results.filter((result) => !result.passed).length };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for HTML content and attribute values (template texts are written by users).
 * @example escapeHtml('<b>"Å&Ä"</b>') // "&lt;b&gt;&quot;Å&amp;Ä&quot;&lt;/b&gt;"
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

function resultHtml(result: TemplateQaResult): string {
  const verdict = result.passed ? '<span class="pass">Godkänd</span>' : '<span class="fail">Underkänd</span>';
  const findings = result.findings.length
    ? `<ul>${result.findings
        .map(
          (finding) =>
            `<li><strong>${escapeHtml(TEMPLATE_QA_FINDING_LABELS[finding.kind])}</strong>${finding.case_label ? ` (${escapeHtml(finding.case_label)})` : ''}: ${escapeHtml(finding.message)}</li>`,
        )
        .join('')}</ul>`
    : '';
  const sms = result.sms_segments.length
    ? `<p class="sms">Sms-delar per testärende: ${result.sms_segments
        .map((each) => `${escapeHtml(each.case_label)} ${each.segments} (med avregistreringslänk ${each.with_unsubscribe})`)
        .join('; ')}</p>`
    : '';
  return `<tr><td><code>${escapeHtml(result.code)}</code><br>${escapeHtml(result.name)}</td><td>${escapeHtml(COMM_TEMPLATE_CATEGORY_LABELS[result.category])}</td><td>${escapeHtml(COMM_CHANNEL_LABELS[result.channel])}</td><td>${verdict}${findings}${sms}</td></tr>`;
}

/**
 * The batch's report as a self-contained HTML document (stored with the batch, shown in a
 * sandboxed frame): a summary, the test cases and one row per template with its findings.
 * Everything that comes from templates or the organisation is escaped.
 */
export function templateQaReportHtml(report: TemplateQaReport): string {
  const passed = report.templates_checked - report.templates_failed;
  return `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><title>Mall-QA ${escapeHtml(report.batch_id)}</title>
<style>
body{font-family:system-ui,sans-serif;font-size:14px;color:#1c2024;margin:16px}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e0e1e6;padding:6px 8px;text-align:left;vertical-align:top}
.pass{color:#18794e;font-weight:600}.fail{color:#ce2c31;font-weight:600}.sms{color:#60646c;margin:4px 0 0}ul{margin:4px 0 0;padding-left:18px}
</style></head><body>
<h1>Mall-QA Sverige</h1>
<p>${escapeHtml(report.organisation_name)} · körning ${escapeHtml(report.batch_id)} · ${escapeHtml(report.created_at)}</p>
<p>${report.templates_checked} aktiva mallar kontrollerade: <span class="pass">${passed} godkända</span>, <span class="fail">${report.templates_failed} underkända</span>. Gräns för sms: ${TEMPLATE_QA_SMS_MAX_SEGMENTS} delar.</p>
<h2>Testärenden</h2>
<ul>${report.cases.map((each) => `<li>${escapeHtml(each.label)} <code>${escapeHtml(each.case_id)}</code></li>`).join('')}</ul>
<h2>Mallar</h2>
<table><thead><tr><th>Mall</th><th>Kategori</th><th>Kanal</th><th>Resultat</th></tr></thead><tbody>
${report.results.map(resultHtml).join('\n')}
</tbody></table>
</body></html>
`;
}
