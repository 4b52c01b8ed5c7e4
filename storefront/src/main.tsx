// First: zod must know about the CSP before any schema is used (see the file).
import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startShop } from './app/app';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The first screen's chunk and carried data are awaited (both are already on their way or in the page), so React
// draws that screen at once rather than a spinner first.
const { queryClient, firstScreen } = startShop(window.location.pathname);
void firstScreen.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App client={queryClient} />
    </StrictMode>,
  ),
);
