// The onboarding checklist (spec part 1 §2 "Onboarding checklist").
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import type { OnboardingResponse, OnboardingStepResponse } from '@fordran/services';

export type OnboardingStep = OnboardingStepResponse;
export type Onboarding = OnboardingResponse;

export function onboardingKey(orgId: string): string {
  return `/orgs/${orgId}/onboarding`;
}

export function fetchOnboarding(orgId: string): Promise<Onboarding> {
  return fetchJson<Onboarding>(onboardingKey(orgId));
}

export function useOnboarding() {
  const orgId = useCurrentOrgId();
  return useSWR<Onboarding, ApiError>(orgId ? onboardingKey(orgId) : null, (path: string) => fetchJson<Onboarding>(path));
}

export function putOnboardingStep(orgId: string, stepCode: string, completed: boolean): Promise<OnboardingStep> {
  return api.put<OnboardingStep>(`${onboardingKey(orgId)}/${encodeURIComponent(stepCode)}`, { completed });
}

export function postOnboardingRestore(orgId: string): Promise<{ dismissed: false }> {
  return api.post<{ dismissed: false }>(`${onboardingKey(orgId)}/restore`);
}

export function postOnboardingDismiss(orgId: string): Promise<{ dismissed: true }> {
  return api.post<{ dismissed: true }>(`${onboardingKey(orgId)}/dismiss`);
}

function withStep(current: Onboarding | undefined, stepCode: string, change: Partial<OnboardingStep>): Onboarding {
  if (!current) return { steps: [], progress_percent: 0, dismissed: false, visible: false };
  return {
    ...current,
    steps: current.steps.map((step) => (step.step_code === stepCode ? { ...step, ...change } : step)),
  };
}

/** Checklist changes in the current organisation. */
export function useOnboardingMutations() {
  const orgId = useCurrentOrgId();
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      /** Marks a step complete or incomplete: the list changes at once and is re-read afterwards. */
      async setStep(stepCode: string, completed: boolean): Promise<void> {
        if (!orgId) return;
        await mutate<Onboarding, OnboardingStep>(onboardingKey(orgId), putOnboardingStep(orgId, stepCode, completed), {
          optimisticData: (current) =>
            withStep(current, stepCode, { completed: completed || Boolean(current?.steps.find((step) => step.step_code === stepCode)?.detected) }),
          populateCache: (step, current) => withStep(current, stepCode, step),
          revalidate: true,
          rollbackOnError: true,
        });
      },
      async dismiss(): Promise<void> {
        if (!orgId) return;
        await postOnboardingDismiss(orgId);
        await mutate(onboardingKey(orgId));
      },
      /** Shows a dismissed checklist again. */
      async restore(): Promise<void> {
        if (!orgId) return;
        await postOnboardingRestore(orgId);
        await mutate(onboardingKey(orgId));
      },
    }),
    [orgId, mutate],
  );
}
