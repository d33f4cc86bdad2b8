// styles.css is plain CSS edited by many hands: a rule left without its closing brace makes the
// browser read every later rule as nested in it (CSS nesting), so they silently stop applying.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The selectors of rules opened inside another style rule (nesting inside @media etc. is fine). */
function nestedRules(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '');
  const open: string[] = [];
  const nested: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '{') {
      const prelude = text.slice(start, index).trim();
      if (open.some((outer) => !outer.startsWith('@'))) nested.push(prelude);
      open.push(prelude);
      start = index + 1;
    } else if (char === '}') {
      open.pop();
      start = index + 1;
    } else if (char === ';') {
      start = index + 1;
    }
  }
  expect(open, 'every block of styles.css is closed').toEqual([]);
  return nested;
}

describe('styles.css', () => {
  it('closes every rule: no rule is nested in another by a missing brace', () => {
    expect(nestedRules(css)).toEqual([]);
  });

  it('finds a rule left open (the check itself)', () => {
    expect(nestedRules('.a { color: red;\n.b { color: blue; }\n}')).toEqual(['.b']);
    expect(nestedRules('@media (max-width: 10px) { .a { color: red; } }')).toEqual([]);
  });
});
