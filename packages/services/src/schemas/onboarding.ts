import { ONBOARDING_CHECKLIST_CODES } from '@fordran/core';
import { z } from './zod-setup';

export const onboardingStepCodeSchema = z.enum(ONBOARDING_CHECKLIST_CODES, { error: 'Okänt steg' });

export const onboardingStepUpdateSchema = z.object({
  completed: z.boolean({ error: 'Ange om steget är klart' }),
});
export type OnboardingStepUpdateInput = z.input<typeof onboardingStepUpdateSchema>;

export const onboardingStepResponseSchema = z.object({
  step_code: onboardingStepCodeSchema,
  title: z.string(),
  description: z.string(),
  guide: z.string(),
  link: z.string().nullable(),
  /** Done: marked so, or shown done by the organisation's data (`detected`). */
  completed: z.boolean(),
  /** The organisation's data shows the step done (a creditor exists, …); the checkbox cannot undo it. */
  detected: z.boolean(),
  completed_at: z.string().nullable(),
  completed_by: z.string().nullable(),
});
export type OnboardingStepResponse = z.infer<typeof onboardingStepResponseSchema>;

export const onboardingResponseSchema = z.object({
  steps: z.array(onboardingStepResponseSchema),
  progress_percent: z.number().int(),
  dismissed: z.boolean(),
  /** Show the checklist: not dismissed and not every step done (spec part 1 §2). */
  visible: z.boolean(),
});
export type OnboardingResponse = z.infer<typeof onboardingResponseSchema>;
