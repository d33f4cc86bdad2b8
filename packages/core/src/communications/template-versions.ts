/** A template text that an edit replaced (comm_template_versions). */
export interface ReplacedTemplateText {
  version: number;
  body_md: string;
  /** ISO-8601 UTC instant the text stopped being the template's. */
  replaced_at: string;
}

/**
 * The text a template had at instant `at`: the earliest replaced version that was replaced after
 * `at`, else the text it has now. Instants are ISO-8601 UTC strings of one form, so they order as
 * text. What a message made at `at` was rendered from, though the template has been edited since.
 * @example templateBodyAt('v3', [{ version: 1, body_md: 'v1', replaced_at: '2026-01-01T00:00:00.000Z' }, { version: 2, body_md: 'v2', replaced_at: '2026-02-01T00:00:00.000Z' }], '2026-01-15T00:00:00.000Z') // "v2"
 */
export function templateBodyAt(currentBody: string, replaced: readonly ReplacedTemplateText[], at: string): string {
  const inForce = replaced.filter((text) => text.replaced_at > at).sort((a, b) => a.version - b.version)[0];
  return inForce?.body_md ?? currentBody;
}
