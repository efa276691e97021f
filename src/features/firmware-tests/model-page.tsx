/**
 * The frame of a page about one model (`/PanelTest/$id/Versions`, `/PanelTest/$id/Stages`): the breadcrumbs, the
 * title with the model's name, and the model looked up from the route's `$id`. An id that is not a number or not a
 * model's says so, with the way back to the models; the page's own content gets the model once it is known.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/page/page.tsx';
import { paths } from '../../lib/routing/paths.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import { useModel } from './api/use-model.ts';
import { FirmwareFrame, NotThere } from './firmware-frame.tsx';

export interface ModelPageProps {
  /** The model's id, as the route parsed it (none for an address that names no model). */
  modelId: number | undefined;
  /** The title with the model's name (`{{model}}`), and the title while the model is not known. */
  titleKey: TranslationKey;
  fallbackTitleKey: TranslationKey;
  children: (model: { modelId: number; modelName: string }) => ReactNode;
}

export function ModelPage({ modelId, titleKey, fallbackTitleKey, children }: ModelPageProps) {
  const { t } = useTranslation();
  const lookup = useModel(modelId);
  const trail = [
    { label: t('firmwareTests.list.title'), to: paths.panelTests },
    { label: t('firmwareTests.models.title'), to: paths.panelTestModels },
  ];
  const back = { label: t('firmwareTests.models.back'), to: paths.panelTestModels };
  const title = lookup.model ? t(titleKey, { model: lookup.model.model_name }) : t(fallbackTitleKey);

  let content;
  if (modelId === undefined) content = <NotThere text={t('firmwareTests.invalidId')} back={back} />;
  else if (lookup.unknown) content = <NotThere text={t('firmwareTests.models.unknown', { id: modelId })} back={back} />;
  else {
    content = (
      <QueryState
        isPending={lookup.isPending}
        isError={lookup.isError}
        errorText={t('firmwareTests.models.loadFailed')}
        onRetry={lookup.retry}
      >
        {lookup.model ? children({ modelId, modelName: lookup.model.model_name }) : null}
      </QueryState>
    );
  }
  return (
    <FirmwareFrame title={title} trail={trail}>
      {content}
    </FirmwareFrame>
  );
}
