import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers on every answer, the UI's HTML and assets above all (Hono's secure-headers):
 * scripts only from this origin (the built UI has no inline script), no framing (clickjacking),
 * no MIME sniffing, no referrer to other sites. Styles allow 'unsafe-inline' because Radix
 * Themes and React set `style` attributes; images allow data: (the favicon) and blob: (local
 * previews). The API and its event stream are same-origin (connect-src 'self').
 */
export function securityHeaders() {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
  });
}
