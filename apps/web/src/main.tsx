import './app/styles.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
// A transition renders in slices that yield to the browser between them: the first screen's
// rendering no longer blocks input as one long task on a slow phone.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
