/**
 * The frame of the panel management pages: the breadcrumb (panel management, and on a panel's users page the panel
 * and its users one step further), the page's heading and its content (the shared page frame).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/routing/paths.ts';
import { PageFrame } from '../../shared/page/page-frame.tsx';

export interface ManageFrameProps {
  /** The page's heading. */
  title: string;
  /** Steps between panel management and the page (shown as text), when the page is under the list. */
  trail?: readonly string[];
  /** The last step of the breadcrumb (the page itself); `title` when not given. */
  current?: string;
  children: ReactNode;
}

export function ManageFrame({ title, trail, current, children }: ManageFrameProps) {
  const { t } = useTranslation();
  const steps = trail
    ? [{ label: t('panelManage.title'), to: paths.panelManage }, ...trail.map((label) => ({ label }))]
    : [];
  return (
    <PageFrame crumbsLabel={t('panelManage.breadcrumb')} trail={steps} title={title} current={current}>
      {children}
    </PageFrame>
  );
}
