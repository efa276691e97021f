/**
 * One folder of the file store: breadcrumbs back up to its root folder, and its entries in the file grid. A double
 * click, or Enter on a focused cell (the grid moves between cells with the arrow keys), opens a folder (its path in
 * the URL) or a file (the page's `onOpenFile`); a file's download button does the same.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import type { Document } from '@generated/api/types.gen.ts';
import { QueryState } from '../../shared/page/page.tsx';
import { TableBody } from '../../shared/table/table-body.tsx';
import { folderOptions } from './api/document-queries.ts';
import { documentColumns } from './document-columns.tsx';
import { crumbsOf, type DocumentPagePath } from './document-paths.ts';
import { CrumbTrail } from '../../shared/page/page-frame.tsx';

const rowId = (entry: Document) => entry.resource_id;
const NO_ENTRIES: Document[] = [];

export interface FolderViewProps {
  /** The page's own path (`/Help/List`), where a folder's link goes with `?path=`. */
  pagePath: DocumentPagePath;
  path: string;
  onOpenFolder: (path: string) => void;
  onOpenFile: (entry: Document) => void;
}

export function FolderView({ pagePath, path, onOpenFolder, onOpenFile }: FolderViewProps) {
  const { t, i18n } = useTranslation();
  const folder = useQuery(folderOptions(path));
  const entries = folder.data?._embedded.items ?? NO_ENTRIES;
  const columns = useMemo(
    () => documentColumns(t, i18n.language, entries, onOpenFile),
    [t, i18n.language, entries, onOpenFile],
  );
  const crumbs = crumbsOf(path);
  const open = (entry: Document) => (entry.type === 'dir' ? onOpenFolder(entry.path) : onOpenFile(entry));
  return (
    <>
      {crumbs.length > 0 ? (
        <CrumbTrail
          label={t('documents.breadcrumb')}
          trail={crumbs
            .slice(0, -1)
            .map((crumb) => ({ label: crumb.name, to: pagePath, search: { path: crumb.path } }))}
          current={crumbs.at(-1)!.name}
        />
      ) : null}
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('documents.hint')}
      </Typography>
      <QueryState
        isPending={folder.isPending}
        isError={folder.isError}
        errorText={t('documents.error')}
        onRetry={() => void folder.refetch()}
      >
        {/* The table's body: the grid (MUI X) loads as its own chunk while a placeholder stands in its place. */}
        <TableBody
          failure={undefined}
          onRetry={() => void folder.refetch()}
          label={t('documents.grid', { folder: crumbs.at(-1)?.name ?? path })}
          rows={entries}
          columns={columns}
          getRowId={rowId}
          loading={folder.isFetching}
          emptyText={t('documents.empty')}
          onOpen={open}
        />
      </QueryState>
    </>
  );
}
