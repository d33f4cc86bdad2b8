/** How messages are sent and delivered (ServicesConfig.communications; docs/communications.md). */
export interface CommunicationsConfig {
  /** Where the app is reached from the internet: the unsubscribe links point here (FORDRAN_PUBLIC_URL). */
  publicUrl: string;
  /** Failed delivery attempts before a message is failed for good (FORDRAN_DELIVERY_MAX_ATTEMPTS). */
  deliveryMaxAttempts: number;
  /** The wait after the first failed attempt, doubling per attempt (FORDRAN_DELIVERY_BACKOFF_SECONDS). */
  deliveryBackoffBaseSeconds: number;
  /** The longest wait between attempts. */
  deliveryBackoffMaxSeconds: number;
}

export const DEFAULT_COMMUNICATIONS_CONFIG: CommunicationsConfig = {
  publicUrl: 'http://localhost:3000',
  deliveryMaxAttempts: 5,
  deliveryBackoffBaseSeconds: 60,
  deliveryBackoffMaxSeconds: 60 * 60,
};

function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} måste vara ett positivt heltal, inte "${text}"`);
  return value;
}

/**
 * FORDRAN_PUBLIC_URL, FORDRAN_DELIVERY_MAX_ATTEMPTS and FORDRAN_DELIVERY_BACKOFF_SECONDS; what
 * is unset keeps its default.
 */
export function communicationsConfigFromEnv(env: NodeJS.ProcessEnv): Partial<CommunicationsConfig> {
  const publicUrl = env.FORDRAN_PUBLIC_URL?.trim();
  if (publicUrl && !/^https?:\/\/[^/\s]+/.test(publicUrl)) throw new Error(`FORDRAN_PUBLIC_URL måste vara en http(s)-adress, inte "${publicUrl}"`);
  const deliveryMaxAttempts = positiveInteger(env, 'FORDRAN_DELIVERY_MAX_ATTEMPTS');
  const deliveryBackoffBaseSeconds = positiveInteger(env, 'FORDRAN_DELIVERY_BACKOFF_SECONDS');
  return {
    ...(publicUrl ? { publicUrl: publicUrl.replace(/\/+$/, '') } : {}),
    ...(deliveryMaxAttempts !== undefined ? { deliveryMaxAttempts } : {}),
    ...(deliveryBackoffBaseSeconds !== undefined ? { deliveryBackoffBaseSeconds } : {}),
  };
}
