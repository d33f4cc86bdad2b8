import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMM_CHANNELS, COMM_TEMPLATE_CATEGORIES, generateCommTemplateCode, validateCommTemplate, type CommTemplateDraft } from '.';

const valid: CommTemplateDraft = {
  name: 'Påminnelse 1',
  code: 'rem1',
  category: 'reminder',
  channel: 'email',
  subject: 'Påminnelse {{case_reference}}',
  body_md: 'Hej {{debtor_name}}, {{amount}} {{debtor_name}}',
};

describe('validateCommTemplate', () => {
  it('normalises a valid template', () => {
    expect(validateCommTemplate(valid)).toEqual({
      findings: [],
      template: {
        name: 'Påminnelse 1',
        code: 'REM1',
        category: 'reminder',
        channel: 'email',
        language: 'sv',
        subject: 'Påminnelse {{case_reference}}',
        body_md: 'Hej {{debtor_name}}, {{amount}} {{debtor_name}}',
        variables_json: ['debtor_name', 'amount'],
        is_active: true,
        version: 1,
      },
    });
  });

  it('applies the defaults of part 2 §9 and generates the code from category and timestamp', () => {
    const { template } = validateCommTemplate({ name: 'Egen', body_md: 'Text' }, { codeTimestamp: 1763806500000 });
    expect(template).toMatchObject({ code: 'CUSTOM_1763806500000', category: 'custom', channel: 'email', language: 'sv', version: 1 });
    expect(generateCommTemplateCode('reminder', 1763806500000)).toBe('REMINDER_1763806500000');
    expect(() => generateCommTemplateCode('reminder', -1)).toThrow();
  });

  it.each(['sms', 'kivra'] as const)('drops the subject of a %s template', (channel) => {
    expect(validateCommTemplate({ ...valid, channel }).template?.subject).toBeNull();
  });

  it.each<[string, CommTemplateDraft, string, string]>([
    ['a missing name', { ...valid, name: '  ' }, 'TEMPLATE_FIELDS_MISSING', 'name'],
    ['a missing code', { ...valid, code: null }, 'TEMPLATE_FIELDS_MISSING', 'code'],
    ['a missing body', { ...valid, body_md: '' }, 'REQUIRED_FIELDS_MISSING', 'body_md'],
    ['an unknown category', { ...valid, category: 'spam' }, 'VALIDATION_FAILED', 'category'],
    ['an unknown channel', { ...valid, channel: 'fax' }, 'VALIDATION_FAILED', 'channel'],
    ['a three-letter language', { ...valid, language: 'swe' }, 'VALIDATION_FAILED', 'language'],
    ['version 0', { ...valid, version: 0 }, 'VALIDATION_FAILED', 'version'],
    ['version 1.5', { ...valid, version: 1.5 }, 'VALIDATION_FAILED', 'version'],
    ['an unknown variable in the body', { ...valid, body_md: '{{namn}} och {{belopp}}' }, 'UNKNOWN_TEMPLATE_VARIABLE', 'body_md'],
    ['an unknown variable in the subject', { ...valid, subject: '{{rubrik}}' }, 'UNKNOWN_TEMPLATE_VARIABLE', 'subject'],
  ])('reports %s', (_label, draft, code, path) => {
    const result = validateCommTemplate(draft);
    expect(result.template).toBeNull();
    expect(result.findings).toContainEqual(expect.objectContaining({ code, path }));
  });

  it('uses the spec’s messages', () => {
    const { findings } = validateCommTemplate({ body_md: '{{namn}} och {{belopp}}' });
    expect(findings.map((finding) => finding.message)).toEqual([
      'Namn och kod måste fyllas i.',
      'Namn och kod måste fyllas i.',
      'Okänd variabel i mallen: namn, belopp',
    ]);
  });

  const draftArb: fc.Arbitrary<CommTemplateDraft> = fc.record({
    name: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
    code: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
    category: fc.option(fc.constantFrom(...COMM_TEMPLATE_CATEGORIES, 'other'), { nil: null }),
    channel: fc.option(fc.constantFrom(...COMM_CHANNELS, 'fax'), { nil: null }),
    language: fc.option(fc.string({ maxLength: 3 }), { nil: null }),
    subject: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
    body_md: fc.option(fc.constantFrom('', 'Hej {{debtor_name}}', '{{x}}', 'Text'), { nil: null }),
    version: fc.option(fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double()), { nil: null }),
  });

  it('a template is returned exactly when there are no findings', () => {
    fc.assert(fc.property(draftArb, (draft) => (validateCommTemplate(draft).template === null) === validateCommTemplate(draft).findings.length > 0));
  });

  it('a returned template obeys part 2 §5: upper-case code, language <= 2, version >= 1, subject only for e-mail and letter', () => {
    fc.assert(
      fc.property(draftArb, fc.option(fc.nat(), { nil: undefined }), (draft, codeTimestamp) => {
        const { template } = validateCommTemplate(draft, { codeTimestamp });
        if (template === null) return true;
        return (
          template.code === template.code.toUpperCase() &&
          template.code.trim() !== '' &&
          template.name.trim() !== '' &&
          template.language.length <= 2 &&
          Number.isInteger(template.version) &&
          template.version >= 1 &&
          (template.subject === null || template.channel === 'email' || template.channel === 'letter')
        );
      }),
    );
  });
});
