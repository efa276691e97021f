/** One AJV (JSON Schema 2020-12) validator for every settings form; it caches each schema it compiles. */
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';

export const settingsValidator = customizeValidator({
  AjvClass: Ajv2020 as never,
  ajvOptionsOverrides: { strict: false },
});
