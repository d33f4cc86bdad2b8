import { CrossCircledIcon, ReloadIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Text } from '@radix-ui/themes';

export interface ErrorStateProps {
  /** Defaults to the spec's load failure title 'Fel vid laddning'. */
  title?: string;
  message?: string;
  onRetry?: () => void;
}

/** An inline load failure with an optional retry button. */
export function ErrorState({ title = 'Fel vid laddning', message, onRetry }: ErrorStateProps) {
  return (
    <Callout.Root color="red" variant="surface" role="alert">
      <Callout.Icon>
        <CrossCircledIcon />
      </Callout.Icon>
      <Flex direction="column" align="start" gap="1">
        <Text size="2" weight="bold">
          {title}
        </Text>
        {message ? <Text size="2">{message}</Text> : null}
        {onRetry ? (
          <Button size="1" variant="soft" color="red" mt="2" onClick={onRetry}>
            <ReloadIcon /> Försök igen
          </Button>
        ) : null}
      </Flex>
    </Callout.Root>
  );
}
