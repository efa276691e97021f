import { Outlet } from '@tanstack/react-router';
import { Toaster } from '../shared/toast/toaster.tsx';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
