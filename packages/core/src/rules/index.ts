/** The rule engine (regelmotor): rule types as data, validation for the editor, evaluation, flags. */
export * from './rule-model';
export * from './rule-types';
export { validateRuleDefinition } from './validate-rule-definition';
export * from './evaluate-rules';
export * from './demo-rules';
export * from './describe-rule-types';
