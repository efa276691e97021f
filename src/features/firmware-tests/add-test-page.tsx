/**
 * `/PanelTest/Add` (level 2, spec 2 §3): a test of one firmware version of a model. The model comes first; the
 * firmware list follows the model chosen (a model without versions says so, with a link to add one). The server
 * creates a result row per stage of the model; the new test opens on its run page.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getFirmwareListOptions, getModelListOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { QueryState } from '../../shared/page/page.tsx';
import { paths } from '../../lib/routing/paths.ts';
import { useAddTest } from './api/firmware-changes.ts';
import { FirmwareFrame } from './firmware-frame.tsx';

export function AddTestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [modelId, setModelId] = useState<number>();
  const [firmwareId, setFirmwareId] = useState<number>();
  const models = useQuery(getModelListOptions());
  const versions = useQuery({
    ...getFirmwareListOptions({ path: { id: modelId ?? 0 } }),
    enabled: modelId !== undefined,
  });
  const add = useAddTest();
  const versionList = versions.data?.data ?? [];
  const noVersions = modelId !== undefined && versions.isSuccess && versionList.length === 0;
  const canSubmit = modelId !== undefined && firmwareId !== undefined && !add.isPending;

  return (
    <FirmwareFrame
      title={t('firmwareTests.add.title')}
      trail={[{ label: t('firmwareTests.list.title'), to: paths.panelTests }]}
      maxWidth={720}
    >
      <QueryState
        isPending={models.isPending}
        isError={models.isError}
        errorText={t('firmwareTests.models.loadFailed')}
        onRetry={() => void models.refetch()}
      >
        <Paper
          component="form"
          noValidate
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 } }}
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSubmit) return;
            add.mutate(
              { body: { model_id: modelId, firmware_id: firmwareId } },
              { onSuccess: (answer) => void navigate({ to: paths.panelTestRun(answer.data.id) }) },
            );
          }}
        >
          <Stack spacing={2}>
            <TextField
              select
              label={t('firmwareTests.add.model')}
              value={modelId ?? ''}
              onChange={(event) => {
                setModelId(Number(event.target.value));
                setFirmwareId(undefined);
              }}
              required
              fullWidth
            >
              {(models.data?.data ?? []).map((model) => (
                <MenuItem key={model.id} value={model.id}>
                  {model.model_name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('firmwareTests.add.firmware')}
              value={firmwareId ?? ''}
              onChange={(event) => setFirmwareId(Number(event.target.value))}
              disabled={modelId === undefined || versionList.length === 0}
              required
              fullWidth
            >
              {versionList.map((version) => (
                <MenuItem key={version.id} value={version.id}>
                  {`${version.firm_ver} · ${version.description}`}
                </MenuItem>
              ))}
            </TextField>
            {modelId === undefined ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('firmwareTests.add.chooseModelFirst')}
              </Typography>
            ) : null}
            {versions.isError ? <Alert severity="error">{t('firmwareTests.add.versionsFailed')}</Alert> : null}
            {noVersions ? (
              <Alert severity="info">
                {t('firmwareTests.add.noFirmware')}{' '}
                <Link component={RouterLink} to={paths.panelTestVersions(modelId)} color="inherit">
                  {t('firmwareTests.add.manageVersions')}
                </Link>
              </Alert>
            ) : null}
            <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              <Button component={RouterLink} to={paths.panelTests}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={!canSubmit}
                loading={add.isPending}
                loadingPosition="start"
              >
                {t('firmwareTests.add.submit')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      </QueryState>
    </FirmwareFrame>
  );
}
