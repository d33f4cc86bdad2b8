import { useEffect, useState } from 'react';
import { postRuleValidation, type RuleFinding } from '../../api/rules';
import { ApiError } from '../../lib/api-client';
import { useCurrentOrgId } from '../../lib/auth';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export interface RuleValidationState {
  /** The server's findings for the texts as they stand; null until the first answer. */
  findings: RuleFinding[] | null;
  isChecking: boolean;
  /** The check itself failed (network, permission). */
  error: string | null;
}

/**
 * Live feedback for the rule editor: the condition and action texts are sent to
 * POST /rules/validate once typing pauses, and the findings (with paths) come back from core's
 * rule validation — the same check the save runs, so the editor and the server never disagree.
 */
export function useRuleValidation(conditionText: string, actionText: string): RuleValidationState {
  const orgId = useCurrentOrgId();
  // One string for both texts, so they settle together (an object would be new on every render).
  const texts = useDebouncedValue(JSON.stringify([conditionText, actionText]), 350);
  const [state, setState] = useState<RuleValidationState>({ findings: null, isChecking: true, error: null });

  useEffect(() => {
    if (!orgId) return;
    const [condition, action] = JSON.parse(texts) as [string, string];
    const controller = new AbortController();
    setState((current) => ({ ...current, isChecking: true }));
    postRuleValidation(orgId, { condition_json: condition, action_json: action }, controller.signal)
      .then((result) => setState({ findings: result.findings, isChecking: false, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ findings: null, isChecking: false, error: error instanceof ApiError ? error.message : 'Kunde inte kontrollera regeln' });
      });
    return () => controller.abort();
  }, [orgId, texts]);

  return state;
}
