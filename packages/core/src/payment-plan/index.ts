/** Payment plans (betalplan / amorteringsplan): monthly schedules, setup fee, JSON form. */
export * from './payment-plan-rules';
export * from './build-payment-plan';
export * from './payment-plan-json';
