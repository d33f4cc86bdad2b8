/** @fordran/api: the Hono HTTP façade over the services. */
export { createApp, type AppType } from './app';
export {
  startServer,
  serverOptionsFromEnv,
  databaseOptionsFromEnv,
  resolveDataDir,
  readOrCreateSecret,
  type DatabaseOptions,
  type StartServerOptions,
  type RunningServer,
} from './server';
export type { ApiConfig, ApiEnv } from './env';
export { statusOfDomainError, errorBody, type ErrorBody } from './http-errors';
