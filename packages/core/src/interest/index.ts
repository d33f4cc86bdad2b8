/** Interest (ränta): reference rates per half-year, interest profiles, simple interest per day. */
export * from './reference-rates';
export * from './interest-profile';
export * from './calculate-interest';
export * from './interest-on-balance';
