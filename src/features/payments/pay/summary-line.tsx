import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One line of a price summary (a `dl` row): the label, and the value; `strong` for the total. */
export function SummaryLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack
      direction="row"
      sx={{
        justifyContent: 'space-between',
        gap: 2,
        ...(strong ? { borderTop: 1, borderColor: 'divider', pt: 1, mt: 1 } : {}),
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ m: 0, fontWeight: strong ? 700 : undefined }}
      >
        {value}
      </Typography>
    </Stack>
  );
}
