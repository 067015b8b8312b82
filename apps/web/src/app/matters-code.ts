/**
 * The code of "My matters" (issue 32), from one import: the router's page and the header's link
 * beside the navigation (layout.tsx) load the same chunk, so the shell names it once.
 */
export const loadMatters = () => import('../features/matters/pages/matters-page');
