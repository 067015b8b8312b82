// First of all, before the app's code runs (~100 ms of it builds every domain's schemas): asks
// who is signed in. See lib/current-user-early.ts.
import './lib/current-user-early';
// Tokens, the page frame and shared components first, so a feature's own stylesheet (imported by
// its pages) comes after them in the cascade.
import './app/styles/tokens.css';
import './app/styles/layout.css';
import './app/styles/components.css';
import './app/styles/matters.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstRender } from './app/first-render';
import { preloadSignedInParts } from './app/layout';
import { prefetchCurrentUser } from './lib/current-user';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// Who is signed in and the first screen's code are asked for at once, before anything renders.
const queryClient = createQueryClient();
prefetchCurrentUser(queryClient);
preloadSignedInParts();
// The first render waits for what the first screen needs, briefly (see firstRender); a failed
// download renders anyway and the page shows its own loading and error states.
void firstRender(queryClient, window.location.pathname).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
