import { Flex, RadioGroup, Text } from '@radix-ui/themes';

export interface RadioListOption<T extends string> {
  value: T;
  label: string;
  /** A line under the label that says what the choice does. */
  description: string;
}

export interface RadioListProps<T extends string> {
  /** '' chooses none. */
  value: string;
  onValueChange(value: T): void;
  options: readonly RadioListOption<T>[];
  disabled?: boolean;
  /** Closer rows with smaller descriptions (a dialog's list). */
  compact?: boolean;
  'aria-labelledby'?: string;
}

/** A column of radio choices of the form kit, each a label with its explanation. */
export function RadioList<T extends string>({ value, onValueChange, options, disabled, compact = false, ...aria }: RadioListProps<T>) {
  return (
    <RadioGroup.Root value={value} disabled={disabled} onValueChange={(next) => onValueChange(next as T)} {...aria}>
      <Flex direction="column" gap={compact ? '2' : '3'}>
        {options.map((option) => (
          <Text as="label" size="2" key={option.value}>
            <Flex gap="2" align="start">
              <RadioGroup.Item value={option.value} mt="1" />
              <Flex direction="column" gap="1">
                <Text weight="medium">{option.label}</Text>
                <Text size={compact ? '1' : '2'} color="gray">
                  {option.description}
                </Text>
              </Flex>
            </Flex>
          </Text>
        ))}
      </Flex>
    </RadioGroup.Root>
  );
}
