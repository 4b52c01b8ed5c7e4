// First: zod must know about the CSP before any schema is used (see the file).
import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ROUTER_BASENAME } from '@/config/paths';
import { ROUTER_FUTURE } from '@/config/router';
import { AppProviders } from '@/app/app-providers';
import { AppRoutes } from '@/app/app-routes';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter basename={ROUTER_BASENAME} future={ROUTER_FUTURE}>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
