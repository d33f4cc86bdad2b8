import { Flex, Spinner, Text } from '@radix-ui/themes';

/** A spinner with 'Laddar...' (spec part 1 §2), inline in a page. */
export function LoadingState({ label = 'Laddar...' }: { label?: string }) {
  return (
    <Flex align="center" justify="center" gap="3" py="9" role="status" aria-live="polite">
      <Spinner size="3" />
      <Text size="2" color="gray">
        {label}
      </Text>
    </Flex>
  );
}

/** The whole-window spinner shown while the session loads. */
export function FullPageLoading() {
  return (
    <Flex align="center" justify="center" direction="column" gap="3" className="full-page" role="status" aria-live="polite">
      <Spinner size="3" />
      <Text size="2" color="gray">
        Laddar...
      </Text>
    </Flex>
  );
}
