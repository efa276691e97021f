/**
 * A template loaded from a file: read, then checked whole against the forms (parseTemplate); a refused file keeps
 * its reason and gives no template, so nothing of it can be written.
 */
import { useCallback, useState } from 'react';
import { MAX_TEMPLATE_BYTES, parseTemplate, type TemplateParse } from '../../../lib/forms/settings/template-file.ts';
import { useTemplateContext, type TemplateContext } from './template-context.ts';

export async function readTemplateFile(file: File, context: TemplateContext): Promise<TemplateParse> {
  if (file.size > MAX_TEMPLATE_BYTES) return { ok: false, error: 'programming.templates.errors.tooLarge' };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, error: 'programming.templates.errors.unreadable' };
  }
  return parseTemplate(text, context.forms, { alarmCodes: context.alarmCodes });
}

export function useTemplateFile() {
  const { state: contextState, context, load } = useTemplateContext();
  const [fileName, setFileName] = useState<string>();
  const [parsed, setParsed] = useState<TemplateParse>();
  const [reading, setReading] = useState(false);

  /** Reads and checks a file; resolves the result with the context it was checked against. */
  const choose = useCallback(
    async (file: File) => {
      setFileName(file.name);
      setParsed(undefined);
      setReading(true);
      try {
        const loaded = await load();
        if (!loaded) return undefined;
        const result = await readTemplateFile(file, loaded);
        setParsed(result);
        return { result, context: loaded };
      } finally {
        setReading(false);
      }
    },
    [load],
  );

  return {
    contextState,
    context,
    fileName,
    parsed,
    reading,
    template: parsed?.ok ? parsed.template : undefined,
    choose,
  };
}
