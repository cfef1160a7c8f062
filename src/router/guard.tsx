// The navigation guard of the spec: without an authorization code (state or stored user info) only
// the public routes open; everything else goes to the login page.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../app/session';

export const PUBLIC_PATHS: readonly string[] = ['/', '/login', '/forget', '/register', '/registerInfoEdit', '/notice/noticeMore', '/notice/noticePreview'];

export function isPublicPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.includes(trimmed);
}

export function Guard() {
  const session = useSession();
  const location = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);

  if (!session?.authorizationCode && !isPublicPath(location.pathname)) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
