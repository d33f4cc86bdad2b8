import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildKfmApplicationXml, buildKfmSnapshot, kfmFileName, sha256Hex } from '../src/kfm';
import { KFM_EXAMPLE_INPUT } from './arbitraries-kfm';

// docs/kfm-application-format.md shows the worked example file; this keeps the page and the generator equal.
const page = readFileSync(new URL('../../../docs/kfm-application-format.md', import.meta.url), 'utf8');

describe('docs/kfm-application-format.md', () => {
  const xml = buildKfmApplicationXml(buildKfmSnapshot(KFM_EXAMPLE_INPUT), { generatedAt: '2025-08-20T10:15:00Z' });

  it('shows exactly the file the generator writes for the worked example', () => {
    const block = /<!-- example:start -->\n```xml\n([\s\S]*?)```\n<!-- example:end -->/.exec(page);
    expect(block?.[1]).toBe(xml);
  });

  it('states the example file name and checksum', () => {
    expect(page).toContain(kfmFileName('F-2024-001', '2025-08-20T10:15:00Z'));
    expect(page).toContain(sha256Hex(xml));
  });

  it('documents every element name the generator uses', () => {
    const names = new Set([...xml.matchAll(/<([A-Za-z]+)[\s>/]/g)].map((match) => match[1]!));
    for (const name of names) expect(page, name).toContain(name);
  });
});
