/**
 * The widgets and fields every settings form uses, written once (spec: widgets that fit the data). The schema
 * names them through `x-ui-widget` (codegen maps it to `ui:widget` / `ui:field`).
 */
import { createElement } from 'react';
import type { RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { DaysField } from './days-field.tsx';
import { KeypadFlagsWidget } from './keypad-flags-widget.tsx';
import { LookupSelectWidget } from './lookup-select-widget.tsx';
import { LookupTextWidget } from './lookup-text-widget.tsx';
import { RadioWidget } from './radio-widget.tsx';
import { SwitchWidget } from './switch-widget.tsx';
import { TimeField } from './time-field.tsx';

/** Text, or text with suggestions when the schema names a lookup list (the theme's input otherwise, as RJSF's own). */
function TextWidget(props: WidgetProps) {
  return props.options.lookup
    ? createElement(LookupTextWidget, props)
    : createElement(props.registry.templates.BaseInputTemplate, props);
}

export const settingsWidgets: RegistryWidgetsType = {
  TextWidget,
  text: TextWidget,
  switch: SwitchWidget,
  keypadFlags: KeypadFlagsWidget,
  select: LookupSelectWidget,
  SelectWidget: LookupSelectWidget,
  radio: RadioWidget,
  RadioWidget,
};

export const settingsFields: RegistryFieldsType = {
  days: DaysField,
  time: TimeField,
};
