/**
 * The card payment of the pay page: the buyer's fields, and paying. Paying opens the provider's popup at the click,
 * creates the order (unless one is prepared), posts the signed order form into it (the provider's own page asks for
 * the card there; the console never sees one) and watches it; when it closes a coupon purchase goes to
 * /Payment/Coupons, a subscription refreshes the token and goes home.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CardPaymentOrder, PaymentPlan, PaymentPlanPrice } from '@generated/api/types.gen.ts';
import { createOrderMutation, getUserDetailOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { describeFailure, notifyRefusal, notifySuccess, notifyValidation } from '../../../lib/api/feedback.ts';
import { fieldMessage } from '../../../lib/forms/field-message.ts';
import { runtimeConfig } from '../../../lib/config/runtime.ts';
import { useRefreshToken } from '../../../lib/session/refresh-token.ts';
import { paths } from '../../../lib/routing/paths.ts';
import type { PayType } from '../../../lib/routing/payment-search.ts';
import { EMPTY_PAY_FORM, payFormRules, validatePayForm, type PayFormValues } from './buyer.ts';
import { BLOCKER_MESSAGES, orderForm, orderToken, paymentBlocker, postToWindow } from './order-form.ts';
import { openPaymentPopup, POPUP_NAME, resultOrigins, watchPaymentPopup, type PaymentResult } from './payment-popup.ts';

export type PayStage = { kind: 'form' } | { kind: 'blocked' } | { kind: 'paying' } | { kind: 'finishing' };

export interface CardPaymentInput {
  plan: PaymentPlan;
  price: PaymentPlanPrice;
  type: PayType;
  /** The order the coupon branch prepared; a subscription's order is created when the person pays. */
  order?: CardPaymentOrder;
}

export function useCardPayment({ plan, price, type, order: preparedOrder }: CardPaymentInput) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const refreshToken = useRefreshToken();
  const createOrder = useMutation(createOrderMutation());
  const user = useQuery({ ...getUserDetailOptions(), retry: false });
  const [values, setValues] = useState<PayFormValues>(EMPTY_PAY_FORM);
  const [touched, setTouched] = useState<Partial<Record<keyof PayFormValues, boolean>>>({});
  const [stage, setStage] = useState<PayStage>({ kind: 'form' });
  const popupRef = useRef<Window | null>(null);
  const stopWatching = useRef<(() => void) | undefined>(undefined);
  const prefilled = useRef(false);

  // The buyer's name and phone start as the account's (the person may change them).
  useEffect(() => {
    const detail = user.data?.data;
    if (!detail || prefilled.current) return;
    prefilled.current = true;
    setValues((current) => ({
      ...current,
      buyerName: current.buyerName || detail.name || '',
      buyerPhone: current.buyerPhone || detail.Phonenumber || '',
    }));
  }, [user.data]);

  // Leaving the page stops watching the popup (the payment in it goes on; nothing is retried).
  useEffect(() => () => stopWatching.current?.(), []);

  const errors = validatePayForm(values);
  const valid = Object.keys(errors).length === 0;
  const set = (field: keyof PayFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: keyof PayFormValues) => () => setTouched((current) => ({ ...current, [field]: true }));
  const shown = (field: keyof PayFormValues) => {
    if (!touched[field]) return undefined;
    return fieldMessage(t, errors[field], payFormRules.rules[field]);
  };

  const finish = async (result: PaymentResult | undefined) => {
    popupRef.current = null;
    if (result === 'ok') notifySuccess(t('pay.result.ok'));
    else if (result === 'fail') notifyRefusal(t('pay.result.fail'));
    if (type === 'coupon') {
      if (result === undefined) notifySuccess(t('pay.result.closedCoupons'));
      await navigate({ to: paths.coupons });
      return;
    }
    setStage({ kind: 'finishing' });
    if (result === undefined) notifySuccess(t('pay.result.closed'));
    try {
      await refreshToken.mutateAsync();
    } catch {
      // The refresh said why (one toast); the person stays here and can go on from the menu.
      setStage({ kind: 'form' });
      return;
    }
    await navigate({ to: paths.home });
  };

  /** Why this order cannot be paid here (no server token, a provider the configuration does not name), if so. */
  const blockerOf = (order: CardPaymentOrder) => paymentBlocker(order, runtimeConfig(), window.location);

  const pay = async () => {
    if (!valid) {
      setTouched(Object.fromEntries(Object.keys(values).map((field) => [field, true])));
      notifyValidation(t('errors.validateErr'), t('errors.validationTitle'));
      return;
    }
    // A prepared order that cannot be paid says so before any popup opens; what was typed stays.
    const preparedBlocker = preparedOrder && blockerOf(preparedOrder);
    if (preparedBlocker) {
      notifyRefusal(t(BLOCKER_MESSAGES[preparedBlocker]));
      return;
    }
    // The popup opens at the click, before any wait, so the browser does not take it for an unasked one.
    const popup = openPaymentPopup();
    if (!popup) {
      setStage({ kind: 'blocked' });
      return;
    }
    popupRef.current = popup;
    setStage({ kind: 'paying' });
    const abandon = (message?: string) => {
      popup.close();
      popupRef.current = null;
      setStage({ kind: 'form' });
      if (message) notifyRefusal(message);
    };
    let order = preparedOrder;
    try {
      if (!order) {
        const answer = await createOrder.mutateAsync({
          body: { payment_plan_id: plan.id, payment_plan_price_id: price.id },
        });
        order = answer.data;
      }
    } catch {
      // The order's failure has its one toast from the mutation cache.
      abandon();
      return;
    }
    const settings = order.payment_settings;
    // Nothing is posted for an order the server did not sign, or to a provider the configuration does not name;
    // the page keeps what was typed.
    const blocker = blockerOf(order);
    const token = orderToken(order);
    if (blocker || token === undefined) {
      abandon(t(BLOCKER_MESSAGES[blocker ?? 'unsigned']));
      return;
    }
    if (popup.closed) {
      abandon();
      return;
    }
    try {
      postToWindow(settings.pay_url, POPUP_NAME, orderForm(order, token, values, i18n.language));
    } catch (error) {
      abandon(describeFailure(error)?.message ?? t('errors.unexpected'));
      return;
    }
    stopWatching.current = watchPaymentPopup(popup, resultOrigins(settings.ok_url, settings.fail_url), (result) => {
      stopWatching.current = undefined;
      void finish(result);
    });
  };

  const busy = stage.kind === 'paying' || stage.kind === 'finishing' || createOrder.isPending;

  return {
    values,
    set,
    touch,
    shown,
    valid,
    stage,
    busy,
    pay,
    /** Closes the "popup blocked" note. */
    dismissBlocked: () => setStage({ kind: 'form' }),
    /** Brings the provider's popup to the front. */
    focusPopup: () => popupRef.current?.focus(),
  };
}
