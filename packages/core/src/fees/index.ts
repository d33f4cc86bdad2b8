/** Fees (avgifter): statutory amounts, the fee catalogue, the 450 kr exclusivity, adding a fee. */
export * from './statutory-fees';
export * from './fee-catalogue';
export * from './fee-exclusivity';
export * from './check-fee-addition';
export * from './case-fee-options';
