import { createBrowserRouter } from 'react-router';
import { Layout } from './layout.tsx';

export const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    children: [{ index: true, element: <h1>Welcome to DevStay</h1> }],
  },
]);
