import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { authChunkNamer, sharedChunkNamer } from './scripts/chunking.ts';
import { reactRouterProduction } from './scripts/react-router-production.mjs';

// The API server listens here while `npm run dev` runs; Vite proxies every server path to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/** TanStack Query's provider, loaded beside every screen that fetches data (web/router.tsx). */
const QUERY_PROVIDER = /[\\/]web[\\/]lib[\\/]query\.tsx$/;

/**
 * The shell (index.html, every page but the landing) names the chunks every signed-in screen loads at once
 * ('shared', 'auth' with the auth client, TanStack Query's provider) as module preloads, so they download beside
 * the entry rather than after it has run (docs/decisions/098). The landing's page takes them all out
 * (scripts/prerender-landing.mjs); the sign-in pages' shell, `signin.html`, written here, keeps only 'auth'
 * (docs/decisions/101), and the server sends it for those pages (server/http/web-app.ts).
 */
function preloadScreenChunks(): Plugin {
  const signedInOnly = /<link rel="modulepreload" data-screens data-signed-in [^>]*>\s*/g;
  return {
    name: 'catamaran:preload-screen-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) => {
          if (output.type !== 'chunk' || output.isEntry) return [];
          const signedIn = output.name === 'shared' || QUERY_PROVIDER.test(output.facadeModuleId ?? '');
          return signedIn || output.name === 'auth' ? [{ file: output.fileName, signedIn }] : [];
        });
        return chunks.map(({ file, signedIn }) => ({
          tag: 'link',
          attrs: {
            rel: 'modulepreload',
            'data-screens': true,
            'data-signed-in': signedIn,
            crossorigin: true,
            href: `/${file}`,
          },
          injectTo: 'head' as const,
        }));
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const shell = bundle['index.html'];
        if (shell?.type !== 'asset')
          throw new Error('Vite emitted no index.html to copy for the sign-in pages.');
        const html = String(shell.source);
        const signIn = html.replace(signedInOnly, '');
        if (signIn === html)
          throw new Error("index.html preloads no signed-in screen's chunk: the plugin changed?");
        this.emitFile({ type: 'asset', fileName: 'signin.html', source: signIn });
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'web',
  publicDir: 'public',
  // The built app runs React Router's production build; `npm run dev` keeps its development build's warnings.
  resolve: { alias: command === 'build' ? [reactRouterProduction] : [] },
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
        // Fewer, larger chunks (docs/decisions/098, 101). Left to itself, Rolldown split the signed-in screens'
        // code into some 35 chunks by which screens share each module; over HTTP/1.1's six connections and a
        // phone's round trips that is several waves of requests before the first render. The landing's own code
        // stays one chunk ('$initial'); the auth client and what the sign-in screens share with others are
        // 'auth'; every other module two lazy chunks share goes into one 'shared' chunk, loaded beside the
        // screen's own, but for what only the administrators' screens share (docs/decisions/111). A signed-in screen's first load is the entry, 'auth', TanStack Query's provider,
        // 'shared' and the screen; a sign-in page's the entry, 'auth' and the screen.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 3 },
            { name: authChunkNamer(), debugName: 'auth', priority: 2 },
            { name: sharedChunkNamer(), debugName: 'shared', minShareCount: 2, priority: 1 },
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
}));
