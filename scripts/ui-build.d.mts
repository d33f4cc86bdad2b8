/** True when ui/dist holds a production build (its build-mode.json, written by ui/vite.config.ts, says so). */
export function uiBuildIsProduction(root: string): boolean;
/** True when ui/dist/index.html is missing, not a production build, or older than any UI source file. */
export function uiBuildIsStale(root: string): boolean;
/** Runs the UI build (vite) with NODE_ENV=production; returns its exit status and output (empty when inherited). */
export function buildUi(root: string, options?: { inheritOutput?: boolean }): { status: number; output: string };
