import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API server listens here while `npm run dev` runs; Vite proxies every server path to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * The landing's markup in index.html at build time (web/features/landing/prerender.tsx), beside #root, so a
 * first visit to / paints before the app's JavaScript has run (docs/decisions/089). index.html's first script
 * (public/theme.js) marks the page as the landing's; on any other path the stylesheet hides the markup, and the
 * app removes it at its first commit.
 */
function landingShell(): Plugin {
  return {
    name: 'catamaran-landing-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const { tsImport } = await import('tsx/esm/api');
        const prerender = (await tsImport(
          new URL('./web/features/landing/prerender.tsx', import.meta.url).href,
          import.meta.url,
        )) as { LANDING_SHELL_ID: string; renderLandingShell: () => string };
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`index.html has no ${root} to put the landing beside.`);
        const shell = `<div id="${prerender.LANDING_SHELL_ID}">${prerender.renderLandingShell()}</div>`;
        return html.replace(root, `${shell}\n    ${root}`);
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
    landingShell(),
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
