/**
 * The RJSF templates every settings form uses (given once, as a constant, so RJSF compares nothing new): the tabbed
 * root, a field's help as plain secondary text, and a group's title as the heading below the form's own. The MUI
 * theme draws help as a `subtitle2` Typography, which is an h6 heading, wrapped in a caption; here it is body text of
 * its own, below the field, and no heading at all. A group of settings (a user's authorities) is titled with an h3:
 * the dialog's or the section's title around the form is the h2 (the theme's h5 skipped two levels).
 */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { RichDescription } from '@rjsf/core';
import { Templates } from '@rjsf/mui';
import {
  getUiOptions,
  type DescriptionFieldProps,
  type FieldTemplateProps,
  type TemplatesType,
  type TitleFieldProps,
} from '@rjsf/utils';
import { TabbedObjectTemplate } from './tabbed-object-template.tsx';

/** A field's help: secondary body text (a `div`), named by its id for the input's `aria-describedby`. */
export function DescriptionFieldTemplate({ id, description, registry, uiSchema }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Typography id={id} variant="body2" component="div" sx={{ color: 'text.secondary', mt: 0.625 }}>
      <RichDescription description={description} registry={registry} uiSchema={uiSchema} />
    </Typography>
  );
}

const WrapIfAdditionalTemplate = Templates.WrapIfAdditionalTemplate!;

/** A group's title: as the theme draws it, an h3 in the page's outline. */
export function TitleFieldTemplate({ id, title, optionalDataControl }: TitleFieldProps) {
  const heading = (
    <Typography variant="h5" component="h3">
      {title}
    </Typography>
  );
  return (
    <Box id={id} sx={{ mb: 1, mt: 1 }}>
      {optionalDataControl ? (
        <Grid container spacing={0}>
          <Grid size="grow">{heading}</Grid>
          <Grid sx={{ justifyContent: 'flex-end' }}>{optionalDataControl}</Grid>
        </Grid>
      ) : (
        heading
      )}
      <Divider />
    </Box>
  );
}

/** The MUI theme's field template, with the help (the description template above) not inside a caption. */
export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    children,
    classNames,
    style,
    disabled,
    displayLabel,
    hidden,
    label,
    onKeyRename,
    onKeyRenameBlur,
    onRemoveProperty,
    readonly,
    required,
    rawErrors = [],
    errors,
    help,
    description,
    rawDescription,
    schema,
    uiSchema,
    registry,
  } = props;
  const uiOptions = getUiOptions(uiSchema);
  if (hidden) return <div style={{ display: 'none' }}>{children}</div>;
  const isCheckbox = uiOptions.widget === 'checkbox';
  return (
    <WrapIfAdditionalTemplate
      classNames={classNames}
      style={style}
      disabled={disabled}
      id={id}
      label={label}
      displayLabel={displayLabel}
      rawDescription={rawDescription}
      onKeyRename={onKeyRename}
      onKeyRenameBlur={onKeyRenameBlur}
      onRemoveProperty={onRemoveProperty}
      readonly={readonly}
      required={required}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
    >
      <FormControl fullWidth error={rawErrors.length > 0} required={required}>
        {children}
        {displayLabel && !isCheckbox && rawDescription ? description : null}
        {errors}
        {help}
      </FormControl>
    </WrapIfAdditionalTemplate>
  );
}

export const settingsTemplates: Partial<TemplatesType> = {
  ObjectFieldTemplate: TabbedObjectTemplate,
  FieldTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
};
