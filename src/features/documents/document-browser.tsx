/**
 * The document browser of /Help/List and /Help/Updates (spec 2 "Help and firmware screens"): the store's root
 * folders that belong to the page as tabs (document-paths.ts says which), and the open folder below them. The open
 * folder is the URL's `?path=` (reload, share, back button); without one the first tab opens, and a path under the
 * other page's folders is replaced by it.
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Document } from '@generated/api/types.gen.ts';
import { Page, QueryState } from '../../shared/page/page.tsx';
import type { validateDocumentSearch } from '../../lib/routing/paths.ts';
import { useRouteSearch } from '../../lib/routing/use-route-params.ts';
import { folderOptions } from './api/document-queries.ts';
import { areaRoots, belongsToArea, rootPathOf, type DocumentArea, type DocumentPagePath } from './document-paths.ts';
import { FolderView } from './folder-view.tsx';

const NO_ENTRIES: Document[] = [];
const tabId = (root: Document) => `documents-tab-${root.resource_id}`;
const PANEL_ID = 'documents-folder';

export interface DocumentBrowserProps {
  area: DocumentArea;
  title: string;
  /** The page's own path (`paths.help`, `paths.firmware`). */
  pagePath: DocumentPagePath;
  /** Opens a file (double click, Enter or its download button). */
  onOpenFile: (entry: Document) => void;
}

export function DocumentBrowser({ area, title, pagePath, onOpenFile }: DocumentBrowserProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { path: asked } = useRouteSearch<typeof validateDocumentSearch>();
  const root = useQuery(folderOptions('/'));
  const rootEntries = root.data?._embedded.items ?? NO_ENTRIES;
  const roots = useMemo(() => areaRoots(area, rootEntries), [area, rootEntries]);
  const allowed = asked !== undefined && belongsToArea(area, asked);
  const shown = allowed ? asked : roots[0]?.path;
  const activeRoot = roots.find((candidate) => candidate.path === (shown && rootPathOf(shown)));

  useEffect(() => {
    if (asked !== undefined && !allowed) void navigate({ to: pagePath, search: {}, replace: true });
  }, [asked, allowed, navigate, pagePath]);

  const openFolder = (path: string) => void navigate({ to: pagePath, search: { path } });
  return (
    <Page title={title}>
      <QueryState
        isPending={root.isPending}
        isError={root.isError}
        isEmpty={roots.length === 0}
        errorText={t('documents.error')}
        emptyText={t('documents.noFolders')}
        onRetry={() => void root.refetch()}
      >
        <Tabs
          value={activeRoot?.path ?? false}
          onChange={(_event, path: string) => openFolder(path)}
          aria-label={t('documents.tabs')}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
        >
          {roots.map((folder) => (
            <Tab
              key={folder.resource_id}
              value={folder.path}
              label={folder.name}
              id={tabId(folder)}
              aria-controls={PANEL_ID}
              sx={{ textTransform: 'none' }}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={PANEL_ID}
          {...(activeRoot ? { 'aria-labelledby': tabId(activeRoot) } : { 'aria-label': title })}
        >
          {shown ? (
            <FolderView pagePath={pagePath} path={shown} onOpenFolder={openFolder} onOpenFile={onOpenFile} />
          ) : null}
        </Box>
      </QueryState>
    </Page>
  );
}
