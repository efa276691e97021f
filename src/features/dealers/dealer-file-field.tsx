/**
 * A file field of the dealership application (the tax plate, the logo): a button that opens the file chooser (the
 * input itself takes the keyboard focus, the button shows it), the rule under it (jpg or png under 1 MB), the chosen
 * file's name and size, the refusal when the file breaks the rule, and a preview of an accepted image. The preview
 * is a `data:` URL (the console's policy allows `data:` images, not `blob:`).
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { DEALER_FILE_ACCEPT, FILE_MESSAGES, fileSize, type FileViolation } from './dealer-files.ts';

export interface DealerFileFieldProps {
  /** The field's label (its input's accessible name). */
  label: string;
  /** The file's short name in messages ("Remove <name>", "Preview of <name>"). */
  name: string;
  required?: boolean;
  file: File | undefined;
  /** Why the file is refused (shown once `showError`), or null. */
  violation: FileViolation | null;
  showError: boolean;
  onChange: (file: File | undefined) => void;
  inputRef?: (input: HTMLInputElement | null) => void;
}

/** The image of an accepted file, read as a `data:` URL (undefined while reading, or without a file). */
function usePreview(file: File | undefined): string | undefined {
  const [preview, setPreview] = useState<{ file: File; url: string }>();
  useEffect(() => {
    if (!file) return;
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current && typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
      reader.abort();
    };
  }, [file]);
  return preview && preview.file === file ? preview.url : undefined;
}

export function DealerFileField(props: DealerFileFieldProps) {
  const { label, name, required = false, file, violation, showError, onChange, inputRef } = props;
  const { t, i18n } = useTranslation();
  const id = useId();
  const error = showError && violation !== null;
  const preview = usePreview(file && violation === null ? file : undefined);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" color={error ? 'error' : 'text.primary'} sx={{ mb: 1 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          component="label"
          // The input inside takes the focus and the keyboard (a label is no button of its own).
          role={undefined}
          tabIndex={-1}
          variant="outlined"
          color={error ? 'error' : 'primary'}
          startIcon={<UploadFileIcon />}
          // The scheme's own colour (its CSS variable): theme.palette holds the light scheme's only.
          sx={{ '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {file ? t('dealer.file.change') : t('dealer.file.choose')}
          <input
            ref={inputRef}
            type="file"
            accept={DEALER_FILE_ACCEPT}
            aria-label={label}
            aria-describedby={`${id}-help`}
            aria-invalid={error}
            required={required}
            style={visuallyHidden}
            onChange={(event) => {
              onChange(event.target.files?.[0]);
              // The same file chosen again after a removal still reports a change.
              event.target.value = '';
            }}
          />
        </Button>
        {file ? (
          <>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {t('dealer.file.chosen', { name: file.name, size: fileSize(file.size, i18n.language) })}
            </Typography>
            <IconButton size="small" aria-label={t('dealer.file.remove', { name })} onClick={() => onChange(undefined)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        ) : null}
      </Stack>
      <FormHelperText id={`${id}-help`} error={error} role={error ? 'alert' : undefined}>
        {error ? t(FILE_MESSAGES[violation]) : t('dealer.file.rules')}
      </FormHelperText>
      {preview ? (
        <Box
          component="img"
          src={preview}
          alt={t('dealer.file.preview', { name })}
          sx={{
            mt: 1,
            display: 'block',
            maxWidth: '100%',
            maxHeight: 160,
            objectFit: 'contain',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
          }}
        />
      ) : null}
    </Box>
  );
}
