import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { Providers } from './app/providers';
import { applyTheme, readTheme } from './app/theme';
import './styles.css';

// Before the first render, so a light-theme user never sees a dark flash.
applyTheme(readTheme(localStorage));

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
