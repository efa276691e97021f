/** Choosing a template file (.json): a button that opens the file chooser, and the chosen file's name. */
import { useId, useRef } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';

export interface TemplateFilePickerProps {
  label: string;
  /** The chosen file's name, once chosen. */
  fileName?: string;
  disabled?: boolean;
  onFile(file: File): void;
}

export function TemplateFilePicker({ label, fileName, disabled, onFile }: TemplateFilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const nameId = useId();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-describedby={fileName ? nameId : undefined}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file chosen again (after fixing it) is a new choice.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {fileName ? (
        <Typography id={nameId} variant="body2" sx={{ wordBreak: 'break-all' }}>
          {fileName}
        </Typography>
      ) : null}
    </Stack>
  );
}
