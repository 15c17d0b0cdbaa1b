import { Outlet } from 'react-router';

export function Layout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}
