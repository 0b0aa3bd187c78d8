import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { storedSession } from './features/auth/storage.ts';
import { preloadScreen } from './router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to render into.');

preloadScreen(window.location.pathname, storedSession() !== undefined);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
