// The onboarding checklist card (spec part 1 §2): ten steps, each toggleable, a progress bar with a
// whole-number percentage; hidden when every step is done or the user dismisses it. A step the
// organisation's data shows done (a creditor exists, …) is ticked and locked; a dismissed list
// can be shown again ('Visa kom igång-listan').
import { ArrowRightIcon, CheckCircledIcon, ChevronDownIcon, Cross2Icon, ReaderIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Card, Checkbox, Flex, Heading, IconButton, Progress, Skeleton, Text, Tooltip } from '@radix-ui/themes';
import { useState } from 'react';
import { Link } from 'wouter';
import { useOnboarding, useOnboardingMutations, type OnboardingStep } from '../../api/onboarding';
import { ErrorState } from '../../components/error-state';
import { useErrorToast, useToast } from '../../components/toast';
import { formatPercent, percentOf } from '../../lib/format';
import { useCan } from '../../lib/permissions';

export function OnboardingChecklist() {
  const { data, error, isLoading, mutate } = useOnboarding();
  const { setStep, dismiss: dismissChecklist, restore } = useOnboardingMutations();
  const canEdit = useCan('onboarding.write');
  const { toast } = useToast();
  const [isDismissing, setIsDismissing] = useState(false);
  useErrorToast(error, 'Fel vid laddning');

  if (isLoading) return <ChecklistSkeleton />;
  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (!data) return null;

  const total = data.steps.length;
  const doneCount = data.steps.filter((step) => step.completed).length;
  if (data.dismissed) return canEdit ? <RestoreChecklist onRestore={restore} /> : null;
  if (total > 0 && doneCount === total) return null;
  const percent = percentOf(doneCount, total);

  const toggle = async (step: OnboardingStep, completed: boolean) => {
    try {
      await setStep(step.step_code, completed);
      toast({ title: completed ? 'Steg markerat som klart' : 'Steg markerat som ej klart', variant: 'success' });
    } catch (toggleError) {
      toast({ title: 'Fel', description: (toggleError as Error).message, variant: 'destructive' });
    }
  };

  const dismiss = async () => {
    setIsDismissing(true);
    try {
      await dismissChecklist();
    } catch (dismissError) {
      toast({ title: 'Fel', description: (dismissError as Error).message, variant: 'destructive' });
      setIsDismissing(false);
    }
  };

  return (
    <Card size="3" className="onboarding-card">
      <Flex justify="between" align="start" gap="4">
        <Box>
          <Flex align="center" gap="2" mb="1">
            <Heading as="h2" size="4">
              Kom igång med Fordran
            </Heading>
            <Badge color="indigo" variant="soft" radius="full">
              {doneCount} av {total} klara
            </Badge>
          </Flex>
          <Text as="p" size="2" color="gray">
            Följ stegen för att sätta upp organisationen och hantera ditt första ärende.
          </Text>
        </Box>
        <Tooltip content="Dölj checklistan">
          <IconButton variant="ghost" color="gray" aria-label="Dölj checklistan" loading={isDismissing} onClick={() => void dismiss()}>
            <Cross2Icon />
          </IconButton>
        </Tooltip>
      </Flex>

      <Flex align="center" gap="3" mt="4" mb="4">
        <Progress value={percent} size="2" aria-label="Andel klara steg" className="onboarding-progress" />
        <Text size="2" weight="bold" className="onboarding-percent">
          {formatPercent(percent)}
        </Text>
      </Flex>

      <ol className="onboarding-steps">
        {data.steps.map((step, index) => (
          <ChecklistStep key={step.step_code} step={step} number={index + 1} onToggle={toggle} />
        ))}
      </ol>
    </Card>
  );
}

interface ChecklistStepProps {
  step: OnboardingStep;
  number: number;
  onToggle(step: OnboardingStep, completed: boolean): Promise<void>;
}

function ChecklistStep({ step, number, onToggle }: ChecklistStepProps) {
  const [isGuideOpen, setGuideOpen] = useState(false);
  const checkboxId = `onboarding-${step.step_code}`;
  const guideId = `${checkboxId}-guide`;

  return (
    <li className="onboarding-step" data-completed={step.completed}>
      <Flex gap="3" align="start">
        <Box pt="1">
          <Checkbox
            id={checkboxId}
            size="2"
            checked={step.completed}
            disabled={step.detected}
            onCheckedChange={(checked) => void onToggle(step, checked === true)}
            aria-label={`${step.title}: ${step.completed ? 'klar' : 'ej klar'}`}
            aria-describedby={step.detected ? `${checkboxId}-detected` : undefined}
          />
        </Box>
        <Box flexGrow="1" minWidth="0">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Box minWidth="0">
              <Text as="label" htmlFor={checkboxId} size="2" weight="medium" className="onboarding-step-title">
                {number}. {step.title}
                {step.completed ? <CheckCircledIcon className="onboarding-done-icon" aria-hidden /> : null}
              </Text>
              <Text as="p" size="2" color="gray">
                {step.description}
              </Text>
              {step.detected ? (
                <Text as="p" size="1" color="green" id={`${checkboxId}-detected`}>
                  Klart enligt organisationens uppgifter
                </Text>
              ) : null}
            </Box>
            <Flex gap="2" flexShrink="0">
              {step.guide ? (
                <Button size="1" variant="ghost" color="gray" aria-expanded={isGuideOpen} aria-controls={guideId} onClick={() => setGuideOpen((open) => !open)}>
                  <ReaderIcon /> Guide
                  <ChevronDownIcon className="rotate-when-open" data-open={isGuideOpen} />
                </Button>
              ) : null}
              {step.link ? (
                <Button asChild size="1" variant="soft">
                  <Link href={step.link}>
                    Gå dit <ArrowRightIcon />
                  </Link>
                </Button>
              ) : null}
            </Flex>
          </Flex>
          {isGuideOpen ? (
            <Box id={guideId} mt="2" className="onboarding-guide">
              <Text size="2">{step.guide}</Text>
            </Box>
          ) : null}
        </Box>
      </Flex>
    </li>
  );
}

/** In place of a dismissed checklist: the way back to it. */
function RestoreChecklist({ onRestore }: { onRestore(): Promise<void> }) {
  const { toast } = useToast();
  const [isRestoring, setIsRestoring] = useState(false);
  const restore = async () => {
    setIsRestoring(true);
    try {
      await onRestore();
    } catch (restoreError) {
      toast({ title: 'Fel', description: (restoreError as Error).message, variant: 'destructive' });
    } finally {
      setIsRestoring(false);
    }
  };
  return (
    <Flex justify="end">
      <Button size="1" variant="ghost" color="gray" loading={isRestoring} onClick={() => void restore()}>
        <ReaderIcon /> Visa kom igång-listan
      </Button>
    </Flex>
  );
}

function ChecklistSkeleton() {
  return (
    <Card size="3">
      <Skeleton height="24px" width="240px" mb="3" />
      <Skeleton height="8px" mb="4" />
      <Flex direction="column" gap="3">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height="40px" />
        ))}
      </Flex>
    </Card>
  );
}
