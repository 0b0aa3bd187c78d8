/** Vite's alias of 'react-router' to the production build the package ships (react-router-production.mjs). */
export declare const reactRouterProduction: { find: RegExp; replacement: string };
