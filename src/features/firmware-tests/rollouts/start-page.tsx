/**
 * `/PanelTest/$id/Rollout` (level 2, proposed): starts a roll-out of the version a passed test tested. It finds the
 * test, its model and the tested version, and shows the roll-out form (rollout-form.tsx) only when that test passed
 * every stage.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { FirmwareTest } from '@generated/api/types.gen.ts';
import {
  getFirmwareListOptions,
  getFirmwareTestListOptions,
  getFirmwareTestResultListAllOptions,
  getModelListOptions,
} from '@generated/api/@tanstack/react-query.gen.ts';
import { paths } from '../../../lib/routing/paths.ts';
import type { idParams } from '../../../lib/routing/route-params.ts';
import { useRouteParams } from '../../../lib/routing/use-route-params.ts';
import { QueryState } from '../../../shared/page/page.tsx';
import { FirmwareFrame, NotThere } from '../firmware-frame.tsx';
import { RolloutForm } from './rollout-form.tsx';

export function StartRolloutPage() {
  const { t } = useTranslation();
  const { id: testId } = useRouteParams<typeof idParams>();
  const trail = [
    { label: t('firmwareTests.list.title'), to: paths.panelTests },
    { label: t('firmwareRollouts.list.title'), to: paths.panelTestRollouts },
  ];
  const tests = useQuery({ ...getFirmwareTestListOptions(), enabled: testId !== undefined });
  const models = useQuery({ ...getModelListOptions(), enabled: testId !== undefined });
  const test = tests.data?.data.find((candidate) => candidate.id === testId);
  const modelId = models.data?.data.find((model) => model.model_name === test?.model_name)?.id;
  let content: ReactNode;
  if (testId === undefined) content = <NotThere text={t('firmwareRollouts.start.noTest')} back={trail[0]!} />;
  else if (tests.isSuccess && !test) {
    content = <NotThere text={t('firmwareRollouts.start.unknownTest', { id: testId })} back={trail[0]!} />;
  } else {
    content = (
      <QueryState
        isPending={tests.isPending || models.isPending}
        isError={tests.isError || models.isError}
        errorText={t('firmwareRollouts.start.loadFailed')}
        onRetry={() => void Promise.all([tests.refetch(), models.refetch()])}
      >
        {test && modelId !== undefined ? <TestVersion test={test} modelId={modelId} back={trail[0]!} /> : null}
      </QueryState>
    );
  }
  return (
    <FirmwareFrame title={t('firmwareRollouts.start.title')} trail={trail} maxWidth={880}>
      {content}
    </FirmwareFrame>
  );
}

/** The tested version, and whether its test passed every stage: only then the form. */
function TestVersion({
  test,
  modelId,
  back,
}: {
  test: FirmwareTest;
  modelId: number;
  back: { label: string; to: string };
}) {
  const { t } = useTranslation();
  const versions = useQuery(getFirmwareListOptions({ path: { id: modelId } }));
  const rows = useQuery(getFirmwareTestResultListAllOptions({ path: { id: test.id } }));
  const version = versions.data?.data.find((candidate) => candidate.firm_ver === test.firmware);
  const passed = (rows.data?.data.length ?? 0) > 0 && rows.data!.data.every((row) => row.result === true);
  return (
    <QueryState
      isPending={versions.isPending || rows.isPending}
      isError={versions.isError || rows.isError}
      errorText={t('firmwareRollouts.start.loadFailed')}
      onRetry={() => void Promise.all([versions.refetch(), rows.refetch()])}
    >
      {!version ? (
        <NotThere text={t('firmwareRollouts.start.unknownVersion', { version: test.firmware })} back={back} />
      ) : !passed ? (
        <NotThere text={t('firmwareRollouts.start.notPassed', { id: test.id, version: test.firmware })} back={back} />
      ) : (
        <RolloutForm test={test} version={version} />
      )}
    </QueryState>
  );
}
