import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes dist/build-mode.json ({"production": true|false}): `npm start` rebuilds a UI that was
 * not built for production (React's development build is slower and larger), whoever built it.
 */
function buildModeMarker(): Plugin {
  let production = false;
  return {
    name: 'fordran-build-mode',
    apply: 'build',
    configResolved(config) {
      production = config.isProduction;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-mode.json', source: JSON.stringify({ production }) });
    },
  };
}

// The API runs on port 3000 in development; FORDRAN_API_URL points the proxy elsewhere
// (e.g. a mock server). Server-Sent Events pass through the proxy unbuffered.
const apiTarget = process.env.FORDRAN_API_URL ?? 'http://localhost:3000';
// /avregistrera/:token is the UI's page on GET and the API's RFC 8058 one-click opt-out on POST.
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/avregistrera': { target: apiTarget, changeOrigin: true, bypass: (req: { method?: string; url?: string }) => (req.method === 'POST' ? undefined : req.url) },
};

export default defineConfig({
  plugins: [react(), buildModeMarker()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|wouter|swr)[\\/]/ },
            { name: 'radix', test: /node_modules[\\/]@radix-ui[\\/]/ },
          ],
        },
      },
    },
  },
});
