import { afterAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema, signUpResponseSchema } from '@fordran/services';
import { TEST_ENGINE } from '@fordran/services/testing';
import { TEST_PASSWORD, allRowCounts, createTestApi, createUser, expectBody, expectError, json, rowCount, signIn } from './helpers';

const api = await createTestApi();
afterAll(() => api.close());

describe('sign-up', () => {
  it('creates the user, a profile and an own organisation where the user is admin', async () => {
    const response = await api.request('POST', '/api/auth/signup', {
      body: { email: '  Anna.Andersson@Example.SE ', password: 'hemligt', full_name: 'Anna Andersson' },
    });
    expect(await expectBody(response, 201, signUpResponseSchema)).toEqual({ email: 'anna.andersson@example.se' });

    const session = await signIn(api, 'anna.andersson@example.se', 'hemligt');
    const me = await json<{ memberships: { org_name: string; role: string }[] }>(await api.request('GET', '/api/me', { token: session.access_token }));
    expect(me.memberships).toEqual([expect.objectContaining({ org_name: 'Anna Anderssons organisation', role: 'admin' })]);
    const profile = await json<{ profile: unknown }>(await api.request('GET', '/api/me', { token: session.access_token }));
    expect(profile.profile).toMatchObject({ full_name: 'Anna Andersson', email: 'anna.andersson@example.se', avatar_url: null });
  });

  it('names the organisation in Swedish genitive (no extra s after s)', async () => {
    await api.request('POST', '/api/auth/signup', { body: { email: 'lars@example.se', password: 'hemligt', full_name: 'Lars' } });
    const session = await signIn(api, 'lars@example.se', 'hemligt');
    const me = await json<{ memberships: { org_name: string }[] }>(await api.request('GET', '/api/me', { token: session.access_token }));
    expect(me.memberships[0]?.org_name).toBe('Lars organisation');
  });

  it('answers an address that already has an account exactly as a new one, and changes nothing (whatever its case)', async () => {
    const before = await allRowCounts(api);
    const response = await api.request('POST', '/api/auth/signup', { body: { email: 'ANNA.andersson@example.se', password: 'annat123', full_name: 'Anna' } });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({ email: 'anna.andersson@example.se' });
    // Only the attempt is on record (it counts against the sign-up limit).
    expect(await allRowCounts(api)).toEqual({ ...before, auth_attempts: before.auth_attempts! + 1 });
    await signIn(api, 'anna.andersson@example.se', 'hemligt');
    await expectError(
      await api.request('POST', '/api/auth/signin', { body: { email: 'anna.andersson@example.se', password: 'annat123' } }),
      400,
      'INVALID_CREDENTIALS',
    );
  });

  it('takes as long for an address that has an account as for a new one (both hash the password)', async () => {
    // Sign-ups alternate so that load on the machine falls on both alike; the clock moves an hour
    // each round so the per-e-mail limit never answers instead.
    const local = await createTestApi();
    try {
      const taken = await createUser(local);
      const times = { taken: [] as number[], fresh: [] as number[] };
      for (let round = 0; round < 5; round += 1) {
        for (const kind of ['taken', 'fresh'] as const) {
          const email = kind === 'taken' ? taken.email : `ny-${round}@example.se`;
          const started = performance.now();
          const response = await local.request('POST', '/api/auth/signup', { body: { email, password: 'en-annan-fras', full_name: 'Tid' } });
          times[kind].push(performance.now() - started);
          expect(response.status).toBe(201);
          expect(await json(response)).toEqual({ email });
        }
        local.clock.advanceSeconds(3600);
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      // Before: 3 ms against 156 ms. The scrypt hash dominates both now; the new account's
      // inserts add a few milliseconds.
      expect(median(times.taken) / median(times.fresh)).toBeGreaterThan(0.7);
    } finally {
      await local.close();
    }
  });

  it('refuses the most common passwords, whatever their case (400, Swedish message), and creates nothing', async () => {
    for (const password of ['password1', 'qwerty123', 'Sunshine', 'ILOVEYOU', '1q2w3e4r']) {
      const before = await allRowCounts(api);
      const error = await expectError(
        await api.request('POST', '/api/auth/signup', { body: { email: 'vanlig@example.se', password, full_name: 'V' } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(error.message, password).toBe('Lösenordet är för vanligt och lätt att gissa, välj ett annat');
      expect(await allRowCounts(api)).toEqual(before);
    }
  });

  it.each([
    [{ email: 'a@example.se', password: '12345', full_name: 'A' }, 'Lösenordet måste vara minst 6 tecken'],
    [{ email: 'a@example.se', password: '', full_name: 'A' }, 'Lösenord krävs'],
    [{ email: 'a@example.se', full_name: 'A' }, 'Lösenord krävs'],
    [{ email: '', password: 'hemligt', full_name: 'A' }, 'E-post krävs'],
    [{ email: 'inte-en-adress', password: 'hemligt', full_name: 'A' }, 'Ogiltig e-postadress'],
    [{ email: 'a@example.se', password: 'hemligt', full_name: '   ' }, 'Namn krävs'],
    [{ email: 'a@example.se', password: 'hemligt' }, 'Namn krävs'],
  ])('refuses %j with 400 VALIDATION_FAILED "%s" and creates nothing', async (body, message) => {
    const before = await allRowCounts(api);
    const error = await expectError(await api.request('POST', '/api/auth/signup', { body }), 400, 'VALIDATION_FAILED');
    expect(error.message).toBe(message);
    expect(error.details).toEqual({ issues: expect.arrayContaining([expect.objectContaining({ message })]) });
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('refuses an unknown invitation token and creates nothing', async () => {
    const before = await rowCount(api, 'users');
    await expectError(
      await api.request('POST', '/api/auth/signup', { body: { email: 'x@example.se', password: 'hemligt', full_name: 'X', invitation_token: 'nope' } }),
      400,
      'INVALID_INVITATION',
    );
    expect(await rowCount(api, 'users')).toBe(before);
  });

  it('writes an audit row for the new organisation', async () => {
    const user = await createUser(api);
    const rows = await api.sql('SELECT event, actor_id FROM audit_logs WHERE org_id = ?', user.org_id);
    expect(rows).toContainEqual({ event: 'organisation.created', actor_id: user.user_id });
  });
});

describe('invitations', () => {
  it('an invited user joins the inviting organisation with the invited role, and only that one', async () => {
    const admin = await createUser(api);
    const invite = await api.request('POST', `/api/orgs/${admin.org_id}/invitations`, {
      token: admin.token,
      body: { email: 'Handlaggare@Example.se', role: 'handler' },
    });
    expect(invite.status).toBe(201);
    const { token, invitation } = await json<{ token: string; invitation: { email: string; role: string } }>(invite);
    expect(invitation).toMatchObject({ email: 'handlaggare@example.se', role: 'handler' });

    const orgsBefore = await rowCount(api, 'organisations');
    await api.request('POST', '/api/auth/signup', {
      body: { email: 'handlaggare@example.se', password: 'hemligt', full_name: 'Hanna', invitation_token: token },
    });
    expect(await rowCount(api, 'organisations')).toBe(orgsBefore);
    const session = await signIn(api, 'handlaggare@example.se', 'hemligt');
    const me = await json<{ memberships: { org_id: string; role: string }[] }>(await api.request('GET', '/api/me', { token: session.access_token }));
    expect(me.memberships).toEqual([expect.objectContaining({ org_id: admin.org_id, role: 'handler' })]);

    // Used once: the same link cannot create another account.
    await expectError(
      await api.request('POST', '/api/auth/signup', {
        body: { email: 'handlaggare2@example.se', password: 'hemligt', full_name: 'H2', invitation_token: token },
      }),
      400,
      'INVALID_INVITATION',
    );
  });

  it('an invitation only works for the invited address', async () => {
    const admin = await createUser(api);
    const { token } = await json<{ token: string }>(
      await api.request('POST', `/api/orgs/${admin.org_id}/invitations`, { token: admin.token, body: { email: 'ratt@example.se', role: 'finance' } }),
    );
    await expectError(
      await api.request('POST', '/api/auth/signup', { body: { email: 'fel@example.se', password: 'hemligt', full_name: 'Fel', invitation_token: token } }),
      400,
      'INVALID_INVITATION',
    );
  });

  it('an existing user accepts an invitation into a second organisation', async () => {
    const admin = await createUser(api);
    const other = await createUser(api);
    const { token } = await json<{ token: string }>(
      await api.request('POST', `/api/orgs/${admin.org_id}/invitations`, { token: admin.token, body: { email: other.email, role: 'legal' } }),
    );
    const accepted = await api.request('POST', '/api/me/invitations/accept', { token: other.token, body: { invitation_token: token } });
    expect(await json(accepted)).toEqual({ org_id: admin.org_id, role: 'legal' });
    const me = await json<{ memberships: { org_id: string; role: string }[] }>(await api.request('GET', '/api/me', { token: other.token }));
    expect(me.memberships.map((m) => m.role).sort()).toEqual(['admin', 'legal']);
  });

  it('an address with an account that signs up through its invitation is told so (409 USER_EXISTS): the link already said it', async () => {
    const admin = await createUser(api);
    const other = await createUser(api);
    const { token } = await json<{ token: string }>(
      await api.request('POST', `/api/orgs/${admin.org_id}/invitations`, { token: admin.token, body: { email: other.email, role: 'handler' } }),
    );
    const error = await expectError(
      await api.request('POST', '/api/auth/signup', { body: { email: other.email, password: 'en-annan-fras', full_name: 'X', invitation_token: token } }),
      409,
      'USER_EXISTS',
    );
    expect(error.message).toBe('En användare med denna e-post finns redan');
  });

  it('a client invitation names a creditor of the organisation', async () => {
    const admin = await createUser(api);
    const error = await expectError(
      await api.request('POST', `/api/orgs/${admin.org_id}/invitations`, { token: admin.token, body: { email: 'kund@example.se', role: 'client' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.message).toBe('Välj vilken borgenär kunden ska se');
    await expectError(
      await api.request('POST', `/api/orgs/${admin.org_id}/invitations`, {
        token: admin.token,
        body: { email: 'kund@example.se', role: 'client', creditor_id: crypto.randomUUID() },
      }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('sign-in', () => {
  it('returns tokens, expiry, aal1 and the user', async () => {
    const user = await createUser(api);
    const body = await expectBody(
      await api.request('POST', '/api/auth/signin', { body: { email: user.email.toUpperCase(), password: TEST_PASSWORD } }),
      200,
      sessionResponseSchema,
    );
    expect(body.aal).toBe('aal1');
    expect(body.mfa_required).toBe(false);
    expect(body.user).toEqual({ id: user.user_id, email: user.email });
    expect(body.expires_at).toBe('2026-11-22T09:15:00.000Z');
  });

  it('refuses a wrong password and an unknown e-mail alike (400 INVALID_CREDENTIALS, spec text)', async () => {
    const user = await createUser(api);
    const wrong = await expectError(
      await api.request('POST', '/api/auth/signin', { body: { email: user.email, password: 'fel-lösen' } }),
      400,
      'INVALID_CREDENTIALS',
    );
    const unknown = await expectError(
      await api.request('POST', '/api/auth/signin', { body: { email: 'ingen@example.se', password: 'fel-lösen' } }),
      400,
      'INVALID_CREDENTIALS',
    );
    expect(wrong.message).toBe('Felaktiga inloggningsuppgifter');
    expect(unknown).toEqual(wrong);
  });

  it('an expired access token is refused with 401; the refresh token still works', async () => {
    const user = await createUser(api);
    api.clock.advanceSeconds(15 * 60);
    await expectError(await api.request('GET', '/api/me', { token: user.token }), 401, 'UNAUTHORIZED');
    const refreshed = await expectBody(
      await api.request('POST', '/api/auth/refresh', { body: { refresh_token: user.session.refresh_token } }),
      200,
      sessionResponseSchema,
    );
    expect((await api.request('GET', '/api/me', { token: refreshed.access_token })).status).toBe(200);
  });

  it('refuses requests without or with a forged token', async () => {
    const user = await createUser(api);
    await expectError(await api.request('GET', '/api/me'), 401, 'UNAUTHORIZED');
    const [payload, signature] = user.token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: user.user_id, sid: 'x', aal: 'aal2', exp: 4102444800 })).toString('base64url');
    await expectError(await api.request('GET', '/api/me', { token: `${forged}.${signature}` }), 401, 'UNAUTHORIZED');
    await expectError(await api.request('GET', '/api/me', { token: `${payload}.x${signature}` }), 401, 'UNAUTHORIZED');
    const response = await api.request('GET', '/api/me', { headers: { authorization: 'Basic abc' } });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });
});

describe('refresh and sign-out', () => {
  it('rotates: each refresh returns a new refresh token and the old one stops working', async () => {
    const user = await createUser(api);
    const first = await json<{ refresh_token: string; access_token: string }>(
      await api.request('POST', '/api/auth/refresh', { body: { refresh_token: user.session.refresh_token } }),
    );
    expect(first.refresh_token).not.toBe(user.session.refresh_token);
    const second = await json<{ refresh_token: string }>(await api.request('POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } }));
    expect(second.refresh_token).not.toBe(first.refresh_token);
  });

  it('reuse of an old refresh token revokes the whole family (401 INVALID_REFRESH_TOKEN)', async () => {
    const user = await createUser(api);
    const rotated = await json<{ refresh_token: string; access_token: string }>(
      await api.request('POST', '/api/auth/refresh', { body: { refresh_token: user.session.refresh_token } }),
    );
    // The stolen, already-used token comes back:
    await expectError(await api.request('POST', '/api/auth/refresh', { body: { refresh_token: user.session.refresh_token } }), 401, 'INVALID_REFRESH_TOKEN');
    // …and the legitimate holder's current tokens are dead too.
    await expectError(await api.request('POST', '/api/auth/refresh', { body: { refresh_token: rotated.refresh_token } }), 401, 'INVALID_REFRESH_TOKEN');
    await expectError(await api.request('GET', '/api/me', { token: rotated.access_token }), 401, 'UNAUTHORIZED');
    // Other sessions of the same user are not affected.
    const other = await signIn(api, user.email);
    expect((await api.request('GET', '/api/me', { token: other.access_token })).status).toBe(200);
  });

  it('a refresh token expires after 30 days', async () => {
    const user = await createUser(api);
    api.clock.advanceSeconds(30 * 24 * 3600);
    await expectError(await api.request('POST', '/api/auth/refresh', { body: { refresh_token: user.session.refresh_token } }), 401, 'INVALID_REFRESH_TOKEN');
  });

  it('sign-out ends the session at once: refresh and access tokens both stop working', async () => {
    const user = await createUser(api);
    const response = await api.request('POST', '/api/auth/signout', { body: { refresh_token: user.session.refresh_token } });
    expect(response.status).toBe(204);
    await expectError(await api.request('POST', '/api/auth/refresh', { body: { refresh_token: user.session.refresh_token } }), 401, 'INVALID_REFRESH_TOKEN');
    await expectError(await api.request('GET', '/api/me', { token: user.token }), 401, 'UNAUTHORIZED');
    const events = await api.sql('SELECT event FROM audit_logs WHERE org_id = ? ORDER BY created_at', user.org_id);
    expect(events).toContainEqual({ event: 'auth.signed_out' });
    // Signing out twice is harmless.
    expect((await api.request('POST', '/api/auth/signout', { body: { refresh_token: user.session.refresh_token } })).status).toBe(204);
  });

  it('refuses a malformed refresh body with 400', async () => {
    await expectError(await api.request('POST', '/api/auth/refresh', { body: {} }), 400, 'VALIDATION_FAILED');
    await expectError(await api.request('POST', '/api/auth/refresh', { body: { refresh_token: 'not-a-token' } }), 401, 'INVALID_REFRESH_TOKEN');
  });
});

describe('rate limiting', () => {
  it('the 6th failed sign-in for one e-mail within 15 minutes is refused with 429, even with the right password', async () => {
    const user = await createUser(api);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await expectError(await api.request('POST', '/api/auth/signin', { body: { email: user.email, password: `fel${attempt}` } }), 400, 'INVALID_CREDENTIALS');
    }
    const limited = await api.request('POST', '/api/auth/signin', { body: { email: user.email, password: 'fel6' } });
    expect(limited.headers.get('retry-after')).toBe('900');
    const error = await expectError(limited, 429, 'RATE_LIMITED');
    expect(error.details).toEqual({ retry_after_seconds: 900 });
    await expectError(await api.request('POST', '/api/auth/signin', { body: { email: user.email, password: TEST_PASSWORD } }), 429, 'RATE_LIMITED');

    // Another address is not affected.
    const other = await createUser(api);
    await signIn(api, other.email);

    // When the window has passed, the right password works again.
    api.clock.advanceSeconds(15 * 60 + 1);
    await signIn(api, user.email);
  });

  it('a successful sign-in clears the count for that e-mail', async () => {
    const user = await createUser(api);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await api.request('POST', '/api/auth/signin', { body: { email: user.email, password: 'fel' } });
    }
    api.clock.advanceSeconds(1);
    await signIn(api, user.email);
    api.clock.advanceSeconds(1);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expectError(await api.request('POST', '/api/auth/signin', { body: { email: user.email, password: 'fel' } }), 400, 'INVALID_CREDENTIALS');
    }
  });

  it('limits failed sign-ins per client address across e-mails (20 per window)', async () => {
    const local = await createTestApi({ trustProxy: true });
    try {
      const headers = { 'x-forwarded-for': '203.0.113.7' };
      for (let attempt = 1; attempt <= 20; attempt += 1) {
        await expectError(
          await local.request('POST', '/api/auth/signin', { headers, body: { email: `gissning${attempt}@example.se`, password: 'fel' } }),
          400,
          'INVALID_CREDENTIALS',
        );
      }
      await expectError(await local.request('POST', '/api/auth/signin', { headers, body: { email: 'ny@example.se', password: 'fel' } }), 429, 'RATE_LIMITED');
      await expectError(
        await local.request('POST', '/api/auth/signin', { headers: { 'x-forwarded-for': '198.51.100.1' }, body: { email: 'ny@example.se', password: 'fel' } }),
        400,
        'INVALID_CREDENTIALS',
      );
    } finally {
      await local.close();
    }
  });

  it('a concurrent burst of wrong passwords for one account is checked only up to the limit (5 × 400, the rest 429)', async () => {
    const user = await createUser(api);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => api.request('POST', '/api/auth/signin', { body: { email: user.email, password: `fel-${i}` } })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(95);
  });

  it('the right password inside a burst of 29 wrong ones does not sign in once the limit is taken', async () => {
    const user = await createUser(api);
    const wrong = Array.from({ length: 29 }, (_, i) => api.request('POST', '/api/auth/signin', { body: { email: user.email, password: `fel-${i}` } }));
    const right = api.request('POST', '/api/auth/signin', { body: { email: user.email, password: TEST_PASSWORD } });
    const statuses = (await Promise.all([...wrong, right])).map((answer) => answer.status);
    // Five places, whatever the order: at most five passwords of the burst are checked.
    expect(statuses.filter((status) => status !== 429)).toHaveLength(5);
    // SQLite takes the places in the order the requests came (one writer), so the right password,
    // asked after the 29 wrong ones, is refused unchecked. PostgreSQL takes them truly in parallel
    // (SERIALIZABLE, retried): any five of the thirty may get a place, and the limit holds the same.
    if (TEST_ENGINE === 'sqlite') expect(statuses.at(-1)).toBe(429);
  });

  it('limits a concurrent burst per client address too (20 checked, whatever the e-mails)', async () => {
    const local = await createTestApi({ trustProxy: true });
    try {
      const headers = { 'x-forwarded-for': '203.0.113.9' };
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          local.request('POST', '/api/auth/signin', { headers, body: { email: `gissning${i % 30}@example.se`, password: `fel-${i}` } }),
        ),
      );
      expect(answers.filter((answer) => answer.status !== 429)).toHaveLength(20);
    } finally {
      await local.close();
    }
  });

  it('limits sign-ups per client address (10 an hour), also in a concurrent burst', async () => {
    const local = await createTestApi({ trustProxy: true });
    try {
      const headers = { 'x-forwarded-for': '203.0.113.20' };
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          local.request('POST', '/api/auth/signup', { headers, body: { email: `massa${i}@example.se`, password: 'en-lång-fras', full_name: `Massa ${i}` } }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
      const limited = answers.find((answer) => answer.status === 429)!;
      expect(limited.headers.get('retry-after')).toBe('3600');
      await expectError(limited, 429, 'RATE_LIMITED');
      expect(await rowCount(local, 'users')).toBe(10);
      expect(await rowCount(local, 'organisations')).toBe(10);

      // Another address may; after the hour this one may again.
      const other = await local.request('POST', '/api/auth/signup', {
        headers: { 'x-forwarded-for': '198.51.100.20' },
        body: { email: 'annan@example.se', password: 'en-lång-fras', full_name: 'Annan' },
      });
      expect(other.status).toBe(201);
      local.clock.advanceSeconds(3600);
      const later = await local.request('POST', '/api/auth/signup', {
        headers,
        body: { email: 'senare@example.se', password: 'en-lång-fras', full_name: 'Senare' },
      });
      expect(later.status).toBe(201);
    } finally {
      await local.close();
    }
  });

  it('limits sign-ups per e-mail address (3 an hour), so one address cannot be probed', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(
        (await api.request('POST', '/api/auth/signup', { body: { email: 'provas@example.se', password: `en-lång-fras-${attempt}`, full_name: 'P' } })).status,
      ).toBe(201);
    }
    await expectError(
      await api.request('POST', '/api/auth/signup', { body: { email: 'provas@example.se', password: 'en-lång-fras-4', full_name: 'P' } }),
      429,
      'RATE_LIMITED',
    );
  });
});
