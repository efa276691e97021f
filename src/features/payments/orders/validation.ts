/** The cancel-order dialog's reason (spec 2 §4: required), with the contract's rule for `OrderCancelRequest.desc`. */
import { OrderCancelRequestSchema } from '@generated/api/schemas.gen.ts';
import type { FieldMessages } from '../../../lib/forms/schema-rules.ts';
import { formRules } from '../../../lib/forms/schema-rules.ts';

export const cancelRules = formRules(OrderCancelRequestSchema, { reason: 'desc' });

export const cancelMessages: FieldMessages<'reason'> = { reason: { required: 'orders.cancel.reasonRequired' } };

/** The order's id is the path's, filled in by the console. */
export const cancelGiven = ['id'] as const;
