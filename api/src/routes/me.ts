import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '@fordran/core';
import {
  AVATAR_MAX_BYTES,
  acceptInvitation,
  acceptInvitationSchema,
  getMe,
  meResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
  readAvatar,
  roleSchema,
  updateProfile,
  uploadAvatar,
} from '@fordran/services';
import { requireUser } from '../middleware/auth';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonContent, signedIn } from './route-kit';

const tags = ['Min profil'];

/** Multipart field `file`; its bytes decide the type, not its name or declared type. */
const avatarForm = z.object({
  file: z.custom<File>((value) => value instanceof File, { error: 'Välj en bildfil' }).openapi({ type: 'string', format: 'binary' }),
});

// The multipart envelope around a 2 MB file: refuse bigger bodies before reading them.
const avatarBodyLimit = bodyLimit({
  maxSize: AVATAR_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new DomainError('FILE_TOO_LARGE');
  },
});

/** `/api/me`: the signed-in user, profile, avatar; `/api/files/avatars/...` serves avatars. */
export function meRoutes() {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/me',
        tags,
        summary: 'Inloggad användare, profil, aal och medlemskap',
        middleware: signedIn,
        security: bearerSecurity,
        responses: { 200: jsonContent(meResponseSchema, 'Jag'), 401: errorResponses[401] },
      }),
      async (c) => c.json(await getMe(c.get('user')), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/me/profile',
        tags,
        summary: 'Ändra namn (e-post kan inte ändras)',
        middleware: signedIn,
        security: bearerSecurity,
        request: jsonBody(profileUpdateSchema),
        responses: { 200: jsonContent(profileResponseSchema, 'Profilen'), ...errorResponses },
      }),
      async (c) => c.json(await updateProfile(c.get('user'), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/me/avatar',
        tags,
        summary: 'Ladda upp profilbild (högst 2 MB; PNG, JPEG, GIF eller WebP)',
        middleware: [requireUser, avatarBodyLimit],
        security: bearerSecurity,
        request: { body: { content: { 'multipart/form-data': { schema: avatarForm } }, required: true } },
        responses: {
          200: jsonContent(profileResponseSchema, 'Profilen med ny avatar_url'),
          ...errorResponses,
          413: errorResponses[400],
          415: errorResponses[400],
        },
      }),
      async (c) => {
        const { file } = c.req.valid('form');
        return c.json(await uploadAvatar(c.get('user'), { bytes: new Uint8Array(await file.arrayBuffer()) }), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/me/invitations/accept',
        tags,
        summary: 'Gå med i en organisation via inbjudan (befintligt konto)',
        middleware: signedIn,
        security: bearerSecurity,
        request: jsonBody(acceptInvitationSchema),
        responses: { 200: jsonContent(z.object({ org_id: z.string(), role: roleSchema }), 'Medlemskapet'), ...errorResponses },
      }),
      async (c) => c.json(await acceptInvitation(c.get('user'), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/files/avatars/{userId}/{name}',
        tags,
        summary: 'En profilbild (publik; namnet innehåller en innehållshash)',
        request: { params: z.object({ userId: z.string(), name: z.string() }) },
        responses: { 200: { description: 'Bilden', content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } } }, 404: errorResponses[404] },
      }),
      async (c) => {
        const { userId, name } = c.req.valid('param');
        const avatar = await readAvatar(c.get('app'), userId, name);
        return c.body(avatar.bytes.slice().buffer, 200, {
          'Content-Type': avatar.contentType,
          'Cache-Control': 'public, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'",
        });
      },
    );
}
