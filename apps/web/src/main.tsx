// Tokens, the page frame and shared components first, so a feature's own stylesheet (imported by
// its pages) comes after them in the cascade.
import './app/styles/tokens.css';
import './app/styles/layout.css';
import './app/styles/components.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
