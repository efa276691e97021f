/**
 * The frame of the users pages: the breadcrumb (users > user list, spec 1 §2; the edit and add pages one step
 * further), the page's heading and its content (the shared page frame).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/routing/paths.ts';
import { PageFrame } from '../../shared/page/page-frame.tsx';

export interface UsersFrameProps {
  /** The page's heading; on the list page it is the breadcrumb's last step. */
  title: string;
  /** Pages under the list: the list is a link in the breadcrumb, and `title` its last step. */
  underList?: boolean;
  maxWidth?: number;
  children: ReactNode;
}

export function UsersFrame({ title, underList = false, maxWidth, children }: UsersFrameProps) {
  const { t } = useTranslation();
  const list = underList ? [{ label: t('users.list.title'), to: paths.users }] : [];
  return (
    <PageFrame
      crumbsLabel={t('users.breadcrumb')}
      trail={[{ label: t('menu.users') }, ...list]}
      title={title}
      maxWidth={maxWidth}
    >
      {children}
    </PageFrame>
  );
}
