import { Spin } from '@arco-design/web-react';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setLoginRedirect } from '../app/http';
import { LoginPage } from '../pages/login/LoginPage';
import { Guard } from './guard';

// Only the login page is in the first chunk; the shell and the other public pages load on demand.
const MainLayout = lazy(() => import('../shell/MainLayout').then((m) => ({ default: m.MainLayout })));
const ForgetPage = lazy(() => import('../pages/public/ForgetPage').then((m) => ({ default: m.ForgetPage })));
// The registration pages belong to the supplier module (its client part's publicPages).
const ModulePublicPage = lazy(() => import('../pages/public/ModulePublicPage').then((m) => ({ default: m.ModulePublicPage })));
const NoticeMorePage = lazy(() => import('../pages/public/NoticePages').then((m) => ({ default: m.NoticeMorePage })));
const NoticePreviewPage = lazy(() => import('../pages/public/NoticePages').then((m) => ({ default: m.NoticePreviewPage })));
const IframeBox = lazy(() => import('../pages/misc/Frames').then((m) => ({ default: m.IframeBox })));
const NotFoundPage = lazy(() => import('../pages/misc/NotFound').then((m) => ({ default: m.NotFoundPage })));

function load(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<Spin className="srm-page-loading" />}>
      <Component />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Guard />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forget', element: load(ForgetPage) },
      { path: '/register', element: load(ModulePublicPage) },
      { path: '/registerInfoEdit', element: load(ModulePublicPage) },
      { path: '/notice/noticeMore', element: load(NoticeMorePage) },
      { path: '/notice/noticePreview', element: load(NoticePreviewPage) },
      // Everything under /main is one layout; which page a path shows is decided per tab (keep-alive).
      { path: '/main/*', element: load(MainLayout) },
      { path: '/iframeBox', element: load(IframeBox) },
      { path: '*', element: load(NotFoundPage) },
    ],
  },
];

export const router = createBrowserRouter(routes);

setLoginRedirect(() => void router.navigate('/login', { replace: true }));
