import { afterAll, describe, expect, it } from 'vitest';
import { mfaChallengeResponseSchema, mfaEnrollResponseSchema, mfaFactorListSchema, sessionResponseSchema, totpCodeAt } from '@fordran/services';
import { auditRows, createTestApi, createUser, expectBody, expectError, json, signIn, type TestApi, type TestUser } from './helpers';

const api = await createTestApi();
afterAll(() => api.close());

const nowMs = (test: TestApi) => Date.parse(test.ctx.clock.now());

async function enrollAndVerify(user: TestUser) {
  const enrolled = await expectBody(
    await api.request('POST', '/api/auth/mfa/factors', { token: user.token, body: { friendly_name: 'Telefon' } }),
    201,
    mfaEnrollResponseSchema,
  );
  const challenge = await expectBody(
    await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/challenge`, { token: user.token }),
    201,
    mfaChallengeResponseSchema,
  );
  const session = await expectBody(
    await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/verify`, {
      token: user.token,
      body: { challenge_id: challenge.challenge_id, code: totpCodeAt(enrolled.secret, nowMs(api)) },
    }),
    200,
    sessionResponseSchema,
  );
  return { enrolled, session };
}

describe('TOTP second factor', () => {
  it('enroll returns a secret and an otpauth URI; the factor starts unverified', async () => {
    const user = await createUser(api);
    const enrolled = await expectBody(await api.request('POST', '/api/auth/mfa/factors', { token: user.token }), 201, mfaEnrollResponseSchema);
    expect(enrolled.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Fordran:/);
    expect(enrolled.otpauth_uri).toContain(`secret=${enrolled.secret}`);
    const list = await expectBody(await api.request('GET', '/api/auth/mfa/factors', { token: user.token }), 200, mfaFactorListSchema);
    expect(list.factors).toEqual([expect.objectContaining({ id: enrolled.id, type: 'totp', status: 'unverified' })]);
  });

  it('a new enrolment replaces an unfinished one; verified factors stay', async () => {
    const user = await createUser(api);
    const first = await json<{ id: string }>(await api.request('POST', '/api/auth/mfa/factors', { token: user.token }));
    const second = await json<{ id: string }>(await api.request('POST', '/api/auth/mfa/factors', { token: user.token }));
    const list = await expectBody(await api.request('GET', '/api/auth/mfa/factors', { token: user.token }), 200, mfaFactorListSchema);
    expect(list.factors.map((f) => f.id)).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);

    const { enrolled, session } = await enrollAndVerify({ ...user, token: (await signIn(api, user.email)).access_token });
    await api.request('POST', '/api/auth/mfa/factors', { token: session.access_token });
    const after = await expectBody(await api.request('GET', '/api/auth/mfa/factors', { token: session.access_token }), 200, mfaFactorListSchema);
    expect(after.factors.filter((f) => f.status === 'verified').map((f) => f.id)).toEqual([enrolled.id]);
    expect(after.factors).toHaveLength(2);
  });

  it('enroll → challenge → verify with the computed code gives an aal2 session and a verified factor', async () => {
    const user = await createUser(api);
    const { enrolled, session } = await enrollAndVerify(user);
    expect(session.aal).toBe('aal2');
    expect(session.mfa_required).toBe(false);
    const me = await json<{ aal: string; mfa_enrolled: boolean }>(await api.request('GET', '/api/me', { token: session.access_token }));
    expect(me).toMatchObject({ aal: 'aal2', mfa_enrolled: true });
    const list = await json<{ factors: { id: string; status: string }[] }>(await api.request('GET', '/api/auth/mfa/factors', { token: session.access_token }));
    expect(list.factors).toEqual([expect.objectContaining({ id: enrolled.id, status: 'verified' })]);
    // The refreshed session keeps aal2.
    const refreshed = await json<{ aal: string }>(await api.request('POST', '/api/auth/refresh', { body: { refresh_token: session.refresh_token } }));
    expect(refreshed.aal).toBe('aal2');
    // The aal1 session it replaced has ended.
    await expectError(await api.request('POST', '/api/auth/refresh', { body: { refresh_token: user.session.refresh_token } }), 401, 'INVALID_REFRESH_TOKEN');
  });

  it("refuses a wrong code, an expired challenge and someone else's factor", async () => {
    const user = await createUser(api);
    const enrolled = await json<{ id: string; secret: string }>(await api.request('POST', '/api/auth/mfa/factors', { token: user.token }));
    const challenge = await json<{ challenge_id: string }>(await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/challenge`, { token: user.token }));
    const wrongCode = totpCodeAt(enrolled.secret, nowMs(api) + 10 * 60_000);
    const error = await expectError(
      await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/verify`, {
        token: user.token,
        body: { challenge_id: challenge.challenge_id, code: wrongCode },
      }),
      400,
      'INVALID_MFA_CODE',
    );
    expect(error.message).toBe('Felaktig verifieringskod');
    await expectError(
      await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/verify`, {
        token: user.token,
        body: { challenge_id: challenge.challenge_id, code: '12ab56' },
      }),
      400,
      'VALIDATION_FAILED',
    );

    api.clock.advanceSeconds(6 * 60);
    const fresh = await signIn(api, user.email);
    await expectError(
      await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/verify`, {
        token: fresh.access_token,
        body: { challenge_id: challenge.challenge_id, code: totpCodeAt(enrolled.secret, nowMs(api)) },
      }),
      400,
      'INVALID_MFA_CODE',
    );

    const stranger = await createUser(api);
    await expectError(await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/challenge`, { token: stranger.token }), 404, 'NOT_FOUND');
    await expectError(await api.request('DELETE', `/api/auth/mfa/factors/${enrolled.id}`, { token: stranger.token }), 404, 'NOT_FOUND');
  });

  it('a code is accepted once: replayed on a new challenge within its window, or an earlier step after it, it is refused', async () => {
    const user = await createUser(api);
    const { enrolled } = await enrollAndVerify(user);
    const verify = async (code: string) => {
      const session = await signIn(api, user.email);
      const challenge = await json<{ challenge_id: string }>(
        await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/challenge`, { token: session.access_token }),
      );
      return api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/verify`, {
        token: session.access_token,
        body: { challenge_id: challenge.challenge_id, code },
      });
    };
    const used = totpCodeAt(enrolled.secret, nowMs(api));
    const error = await expectError(await verify(used), 400, 'INVALID_MFA_CODE');
    expect(error.message).toBe('Felaktig verifieringskod');

    // The next step's code (one step of drift ahead) works once; then the one before it is dead too.
    const next = totpCodeAt(enrolled.secret, nowMs(api) + 30_000);
    expect((await verify(next)).status).toBe(200);
    api.clock.advanceSeconds(30);
    await expectError(await verify(next), 400, 'INVALID_MFA_CODE');
    await expectError(await verify(used), 400, 'INVALID_MFA_CODE');
    api.clock.advanceSeconds(30);
    expect((await verify(totpCodeAt(enrolled.secret, nowMs(api)))).status).toBe(200);
  });

  it('the same code sent twice at once signs in once', async () => {
    const user = await createUser(api);
    const { enrolled } = await enrollAndVerify(user);
    api.clock.advanceSeconds(30);
    const code = totpCodeAt(enrolled.secret, nowMs(api));
    const attempts = await Promise.all(
      [1, 2].map(async () => {
        const session = await signIn(api, user.email);
        const challenge = await json<{ challenge_id: string }>(
          await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/challenge`, { token: session.access_token }),
        );
        return api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/verify`, {
          token: session.access_token,
          body: { challenge_id: challenge.challenge_id, code },
        });
      }),
    );
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([200, 400]);
  });

  it('wrong codes are rate limited per factor', async () => {
    const user = await createUser(api);
    const enrolled = await json<{ id: string; secret: string }>(await api.request('POST', '/api/auth/mfa/factors', { token: user.token }));
    const challenge = await json<{ challenge_id: string }>(await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/challenge`, { token: user.token }));
    const wrong = totpCodeAt(enrolled.secret, nowMs(api) + 10 * 60_000);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await expectError(
        await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/verify`, {
          token: user.token,
          body: { challenge_id: challenge.challenge_id, code: wrong },
        }),
        400,
        'INVALID_MFA_CODE',
      );
    }
    await expectError(
      await api.request('POST', `/api/auth/mfa/factors/${enrolled.id}/verify`, {
        token: user.token,
        body: { challenge_id: challenge.challenge_id, code: totpCodeAt(enrolled.secret, nowMs(api)) },
      }),
      429,
      'RATE_LIMITED',
    );
  });

  it('after enrolment, sign-in says mfa_required and an aal1 session is refused in the organisation', async () => {
    const user = await createUser(api);
    await enrollAndVerify(user);
    const password = await signIn(api, user.email);
    expect(password).toMatchObject({ aal: 'aal1', mfa_required: true });
    await expectError(await api.request('GET', `/api/orgs/${user.org_id}/dashboard`, { token: password.access_token }), 403, 'MFA_REQUIRED');
    await expectError(await api.request('PATCH', '/api/me/profile', { token: password.access_token, body: { full_name: 'Tjuv' } }), 403, 'MFA_REQUIRED');
    // …but can read /api/me and list factors to take the second step.
    expect((await api.request('GET', '/api/me', { token: password.access_token })).status).toBe(200);
    expect((await api.request('GET', '/api/auth/mfa/factors', { token: password.access_token })).status).toBe(200);
    // …and cannot add a factor of its own.
    await expectError(await api.request('POST', '/api/auth/mfa/factors', { token: password.access_token }), 403, 'MFA_REQUIRED');
  });

  it('a verified factor can only be removed from an aal2 session; an unverified one from aal1', async () => {
    const user = await createUser(api);
    const { enrolled, session } = await enrollAndVerify(user);
    const password = await signIn(api, user.email);
    await expectError(await api.request('DELETE', `/api/auth/mfa/factors/${enrolled.id}`, { token: password.access_token }), 403, 'MFA_REQUIRED');
    expect((await api.request('DELETE', `/api/auth/mfa/factors/${enrolled.id}`, { token: session.access_token })).status).toBe(204);

    const other = await createUser(api);
    const pending = await json<{ id: string }>(await api.request('POST', '/api/auth/mfa/factors', { token: other.token }));
    expect((await api.request('DELETE', `/api/auth/mfa/factors/${pending.id}`, { token: other.token })).status).toBe(204);
    const list = await json<{ factors: unknown[] }>(await api.request('GET', '/api/auth/mfa/factors', { token: other.token }));
    expect(list.factors).toEqual([]);
  });
});

describe('audit of second factors', () => {
  it('enroll, verify and unenroll each write a row (who, what, which factor) in every organisation of the user', async () => {
    const user = await createUser(api, { name: 'Faktor Användare' });
    const otherAdmin = await createUser(api);
    const invitation = await json<{ token: string }>(
      await api.request('POST', `/api/orgs/${otherAdmin.org_id}/invitations`, { token: otherAdmin.token, body: { email: user.email, role: 'handler' } }),
    );
    await api.request('POST', '/api/me/invitations/accept', { token: user.token, body: { invitation_token: invitation.token } });

    const { enrolled, session } = await enrollAndVerify(user);
    expect((await api.request('DELETE', `/api/auth/mfa/factors/${enrolled.id}`, { token: session.access_token })).status).toBe(204);
    for (const orgId of [user.org_id, otherAdmin.org_id]) {
      for (const event of ['mfa.factor_enrolled', 'mfa.verified', 'mfa.factor_removed']) {
        expect(await auditRows(api, orgId, event), `${event} in ${orgId}`).toEqual([
          { actor_id: user.user_id, event, entity: 'mfa_factors', entity_id: enrolled.id, payload: {} },
        ]);
      }
    }
  });
});

describe('organisations that require MFA', () => {
  it('refuses aal1 sessions with 403 MFA_REQUIRED and admits aal2', async () => {
    const admin = await createUser(api);
    // Switching it on needs an aal2 session of one's own.
    await expectError(await api.request('PATCH', `/api/orgs/${admin.org_id}`, { token: admin.token, body: { require_mfa: true } }), 403, 'MFA_REQUIRED');
    const { session } = await enrollAndVerify(admin);
    const updated = await json<{ require_mfa: boolean }>(
      await api.request('PATCH', `/api/orgs/${admin.org_id}`, { token: session.access_token, body: { require_mfa: true } }),
    );
    expect(updated.require_mfa).toBe(true);

    const handlerInvite = await json<{ token: string }>(
      await api.request('POST', `/api/orgs/${admin.org_id}/invitations`, {
        token: session.access_token,
        body: { email: 'mfa-handler@example.se', role: 'handler' },
      }),
    );
    await api.request('POST', '/api/auth/signup', {
      body: { email: 'mfa-handler@example.se', password: 'hemligt', full_name: 'H', invitation_token: handlerInvite.token },
    });
    const handler = await signIn(api, 'mfa-handler@example.se', 'hemligt');
    expect(handler.mfa_required).toBe(true);
    for (const path of ['', '/dashboard', '/onboarding', '/notifications']) {
      await expectError(await api.request('GET', `/api/orgs/${admin.org_id}${path}`, { token: handler.access_token }), 403, 'MFA_REQUIRED');
    }
    expect((await api.request('GET', `/api/orgs/${admin.org_id}/dashboard`, { token: session.access_token })).status).toBe(200);
  });
});
