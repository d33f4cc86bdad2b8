import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '@fordran/core';
import type { AppContext } from '@fordran/services';
import type { ApiConfig, ApiEnv } from './env';
import { createErrorHandler, validationHook } from './error-handling';
import { errorBody } from './http-errors';
import { uiHandlers } from './static-ui';
import { securityHeaders } from './security-headers';
import { authRoutes } from './routes/auth';
import { meRoutes } from './routes/me';
import { organisationRoutes } from './routes/organisation';
import { onboardingRoutes } from './routes/onboarding';
import { notificationRoutes } from './routes/notifications';
import { dashboardRoutes } from './routes/dashboard';
import { creditorRoutes } from './routes/creditors';
import { partyRoutes } from './routes/parties';
import { lookupRoutes } from './routes/lookup';
import { eventRoutes } from './routes/events';
import { healthRoutes } from './routes/health';
import { caseRoutes } from './routes/cases';
import { IMPORT_JOB_THRESHOLD_BYTES, PAYMENT_IMPORT_PATH, paymentRoutes } from './routes/payments';
import { ruleRoutes } from './routes/rules';
import { financeRoutes } from './routes/finance';
import { referenceRateRoutes } from './routes/reference-rates';
import { jobRoutes } from './routes/jobs';
import { ledgerRoutes } from './routes/ledger';
import { bankRoutes } from './routes/bank';
import { channelSettingRoutes } from './routes/channel-settings';
import { printQueueRoutes } from './routes/print-queue';
import { communicationRoutes } from './routes/communications';
import { templateRoutes } from './routes/templates';
import { templateQaRoutes } from './routes/template-qa';
import { validationRoutes } from './routes/validation';
import { dunningRoutes } from './routes/dunning';
import { kfmRoutes } from './routes/kfm';
import { portalRoutes } from './routes/portal';
import { LAWSUIT_DOCUMENT_UPLOAD_PATH, lawsuitRoutes } from './routes/lawsuits';

/** JSON bodies are small; only uploads (the avatar, bank files) may send more, each under its own limit. */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
const isUploadPath = (path: string) => path === '/api/me/avatar' || PAYMENT_IMPORT_PATH.test(path) || LAWSUIT_DOCUMENT_UPLOAD_PATH.test(path);

/**
 * The HTTP app: every route of the API (OpenAPI document at /api/openapi.json), one error format,
 * and — when `config.uiDist` holds a built UI — the UI with SPA fallback.
 */
export function createApp(app: AppContext, config: ApiConfig = {}) {
  const log = config.log ?? ((line: string) => console.error(line));
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });

  api.use('*', async (c, next) => {
    c.set('app', app);
    await next();
  });
  api.use('*', securityHeaders());
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      throw new DomainError('REQUEST_TOO_LARGE');
    },
  });
  api.use('/api/*', async (c, next) => {
    if (isUploadPath(c.req.path)) return next();
    await jsonLimit(c, next);
    // API answers are per user and change often: never cached by browsers or proxies,
    // except what a route marks cacheable itself (avatars).
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });

  const routes = api
    .route('/', healthRoutes())
    .route('/', authRoutes({ trustProxy: config.trustProxy ?? false }))
    .route('/', meRoutes())
    .route('/', organisationRoutes())
    .route('/', onboardingRoutes())
    .route('/', notificationRoutes())
    .route('/', dashboardRoutes())
    .route('/', caseRoutes())
    .route('/', paymentRoutes({ importJobThresholdBytes: config.importJobThresholdBytes ?? IMPORT_JOB_THRESHOLD_BYTES }))
    .route('/', creditorRoutes())
    .route('/', partyRoutes())
    .route('/', lookupRoutes())
    .route('/', ruleRoutes())
    .route('/', financeRoutes())
    .route('/', referenceRateRoutes())
    .route('/', jobRoutes())
    .route('/', ledgerRoutes())
    .route('/', bankRoutes())
    .route('/', channelSettingRoutes())
    .route('/', printQueueRoutes())
    .route('/', communicationRoutes())
    // Before the templates' /templates/{id} routes.
    .route('/', templateQaRoutes())
    .route('/', templateRoutes())
    .route('/', dunningRoutes())
    .route('/', validationRoutes())
    .route('/', kfmRoutes())
    .route('/', portalRoutes({ trustProxy: config.trustProxy ?? false }))
    .route('/', lawsuitRoutes())
    .route('/', eventRoutes({ pingMs: config.ssePingMs ?? 25_000 }));

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'Access-token från /api/auth/signin, /refresh eller MFA-verifiering (15 minuter)',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'portalSession', {
    type: 'apiKey',
    in: 'header',
    name: 'x-portal-session',
    description: 'Portalsessionen från /api/portal/bankid/status (session_id), kortlivad',
  });
  api.doc('/api/openapi.json', {
    openapi: '3.0.3',
    info: {
      title: 'Fordran API',
      version: app.config.version,
      description: 'Inkassosystemets HTTP-API. Fel: {"error":{"code","message","details?"}}. Se docs/api.md.',
    },
  });

  const ui = uiHandlers(config.uiDist);
  if (ui) api.use('*', ui.files);
  if (ui) api.get('*', ui.fallback);

  api.notFound((c) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
      log(`[fordran] 404 ${c.req.method} ${c.req.path}`);
      return c.json(errorBody('NOT_FOUND', 'Det finns ingen sådan adress i API:t'), 404);
    }
    return c.text('Hittades inte', 404);
  });
  api.onError(createErrorHandler(log));

  return routes;
}

/** The app's type, for a typed Hono RPC client in the UI (`hc<AppType>`); types only. */
export type AppType = ReturnType<typeof createApp>;
