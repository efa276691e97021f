/**
 * The file grid's columns: the entry's name with its icon, its type, its size when the store says it (the contract
 * makes it optional: the column shows when an entry of the folder has one) and, for a file, the download button.
 */
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import DownloadIcon from '@mui/icons-material/Download';
import FolderIcon from '@mui/icons-material/Folder';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import MemoryIcon from '@mui/icons-material/Memory';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import type { Document } from '@generated/api/types.gen.ts';
import { columnsOf, type TableColumn } from '../../shared/table/columns.ts';
import { formatSize, kindOf, knownSize, type DocumentKind } from './document-paths.ts';

const column = columnsOf<Document>();

const ICONS: Record<DocumentKind, typeof FolderIcon> = {
  folder: FolderIcon,
  pdf: PictureAsPdfIcon,
  firmware: MemoryIcon,
  file: InsertDriveFileIcon,
};

function EntryName({ entry }: { entry: Document }) {
  const Icon = ICONS[kindOf(entry)];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Icon fontSize="small" color={entry.type === 'dir' ? 'primary' : 'action'} aria-hidden />
      <Box component="span" title={entry.name} sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {entry.name}
      </Box>
    </Box>
  );
}

export function documentColumns(
  t: TFunction,
  language: string,
  entries: readonly Document[],
  onDownload: (entry: Document) => void,
): TableColumn<Document>[] {
  const withSize = entries.some((entry) => knownSize(entry) !== undefined);
  return [
    column.field('name', {
      header: t('documents.columns.name'),
      flex: 2,
      minWidth: 150,
      render: (entry) => <EntryName entry={entry} />,
    }),
    column.custom('type', {
      header: t('documents.columns.type'),
      minWidth: 110,
      value: (entry) => t(`documents.kind.${kindOf(entry)}`),
    }),
    ...(withSize
      ? [
          column.custom('size', {
            header: t('documents.columns.size'),
            width: 110,
            align: 'right' as const,
            value: (entry: Document) => {
              const size = knownSize(entry);
              return size === undefined ? '' : formatSize(size, language);
            },
          }),
        ]
      : []),
    column.custom('actions', {
      header: t('documents.columns.actions'),
      width: 76,
      minWidth: 76,
      align: 'center',
      render: (entry) =>
        entry.type === 'file' ? (
          <IconButton
            size="small"
            aria-label={t('documents.download', { name: entry.name })}
            onClick={() => onDownload(entry)}
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        ) : null,
    }),
  ];
}
