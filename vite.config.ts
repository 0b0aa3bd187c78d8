import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API server listens here while `npm run dev` runs; Vite proxies every server path to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/** The chunks a signed-in screen's first render needs whatever the screen (see `codeSplitting` below). */
const SCREEN_CHUNKS = [/[\\/]web[\\/]features[\\/]auth[\\/]client\.ts$/, /[\\/]web[\\/]lib[\\/]query\.tsx$/];

/**
 * The shell (index.html, every page but the landing) names the chunks every screen loads at once ('shared', the
 * auth client, TanStack Query's provider) as module preloads, so they download beside the entry rather than
 * after it has run (docs/decisions/098). The landing's page takes them out (scripts/prerender-landing.mjs).
 */
function preloadScreenChunks(): Plugin {
  return {
    name: 'catamaran:preload-screen-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (output) =>
            output.type === 'chunk' &&
            !output.isEntry &&
            (output.name === 'shared' ||
              SCREEN_CHUNKS.some((pattern) => pattern.test(output.facadeModuleId ?? ''))),
        );
        return chunks.map((chunk) => ({
          tag: 'link',
          attrs: {
            rel: 'modulepreload',
            'data-screens': true,
            crossorigin: true,
            href: `/${chunk.fileName}`,
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    preloadScreenChunks(),
    // The service worker (web/sw.ts, issue 24): our own code, with the built assets' list injected. The
    // manifest and the worker's registration are the app's own (web/public/manifest.webmanifest, UpdatePrompt).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The app's code, styles, page and icons; not the source maps, the precompressed copies or the demo media.
        globPatterns: ['**/*.{js,css,html,webmanifest}', 'favicon.svg', 'icons/*.png'],
        globIgnores: ['**/*.map', 'test-reports/**'],
      },
    }),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Fewer, larger chunks (docs/decisions/098). Left to itself, Rolldown split the signed-in screens' code
        // into some 35 chunks by which screens share each module; over HTTP/1.1's six connections and a phone's
        // round trips that is several waves of requests before the first render. The landing's own code stays
        // one chunk ('$initial'), and every module two lazy screens share goes into one 'shared' chunk, loaded
        // beside the screen's own: a screen's first load is the entry, the auth client, TanStack Query's
        // provider, 'shared' and the screen.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 2 },
            { name: 'shared', minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/media': apiTarget,
      '/dev': apiTarget,
    },
  },
});
