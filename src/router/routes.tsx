import { createBrowserRouter, type RouteObject } from 'react-router';
import { setLoginRedirect } from '../app/http';
import { LoginPage } from '../pages/login/LoginPage';
import { IframeBox } from '../pages/misc/Frames';
import { NotFoundPage } from '../pages/misc/NotFound';
import { ForgetPage } from '../pages/public/ForgetPage';
import { NoticeMorePage, NoticePreviewPage } from '../pages/public/NoticePages';
import { RegisterInfoEditPage, RegisterPage } from '../pages/public/RegisterPages';
import { MainLayout } from '../shell/MainLayout';
import { Guard } from './guard';

export const routes: RouteObject[] = [
  {
    element: <Guard />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forget', element: <ForgetPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/registerInfoEdit', element: <RegisterInfoEditPage /> },
      { path: '/notice/noticeMore', element: <NoticeMorePage /> },
      { path: '/notice/noticePreview', element: <NoticePreviewPage /> },
      // Everything under /main is one layout; which page a path shows is decided per tab (keep-alive).
      { path: '/main/*', element: <MainLayout /> },
      { path: '/iframeBox', element: <IframeBox /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

setLoginRedirect(() => void router.navigate('/login', { replace: true }));
