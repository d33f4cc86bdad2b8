/** True when ui/dist/index.html is missing or older than any UI source file. */
export function uiBuildIsStale(root: string): boolean;
/** Runs the UI build (vite); returns its exit status and output (empty when inherited). */
export function buildUi(root: string, options?: { inheritOutput?: boolean }): { status: number; output: string };
