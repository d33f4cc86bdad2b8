// The step indicator at the top of the create-case wizard: done steps get a check, the current
// one is highlighted and marked aria-current="step".
import { CheckIcon } from '@radix-ui/react-icons';
import { Flex, Text, VisuallyHidden } from '@radix-ui/themes';

export function WizardSteps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="wizard-steps" aria-label="Steg">
      {steps.map((label, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
        return (
          <li key={label} className="wizard-step" data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <Flex align="center" gap="2">
              <span className="wizard-step-number" aria-hidden>
                {state === 'done' ? <CheckIcon /> : index + 1}
              </span>
              <Text size="2" weight={state === 'upcoming' ? 'regular' : 'medium'} color={state === 'upcoming' ? 'gray' : undefined}>
                <VisuallyHidden>{`Steg ${index + 1}: `}</VisuallyHidden>
                {label}
              </Text>
            </Flex>
          </li>
        );
      })}
    </ol>
  );
}
