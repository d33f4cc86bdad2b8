import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES, assertRoleCan, roleCan, type Permission } from './roles';

const doc = readFileSync(new URL('../../../../docs/roles.md', import.meta.url), 'utf8');

describe('role matrix', () => {
  it('docs/roles.md shows exactly the enforced matrix', () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      const row = doc.split('\n').find((line) => line.startsWith(`| ${permission} |`));
      expect(row, permission).toBeDefined();
      const cells = row!
        .split('|')
        .slice(2, 2 + ROLES.length)
        .map((cell) => cell.trim() === '✓');
      expect(cells, permission).toEqual(ROLES.map((role) => roleCan(role, permission)));
    }
  });

  it('admin holds every permission', () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) expect(roleCan('admin', permission)).toBe(true);
  });

  it('client never writes', () => {
    const writes = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => !/\.(read)$/.test(p));
    for (const permission of writes) expect(roleCan('client', permission), permission).toBe(false);
  });

  it('denies with FORBIDDEN', () => {
    expect(() => assertRoleCan('handler', 'payments.write')).toThrowError(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});
