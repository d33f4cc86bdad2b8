import { Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}

/** A quiet, centred "nothing here yet" block for lists and placeholders. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Flex direction="column" align="center" justify="center" gap="2" py="9" px="4" className="empty-state">
      <Flex align="center" justify="center" className="empty-state-icon" aria-hidden>
        {icon}
      </Flex>
      <Heading as="h2" size="4" align="center" mt="2">
        {title}
      </Heading>
      {description ? (
        <Text size="2" color="gray" align="center" className="empty-state-text">
          {description}
        </Text>
      ) : null}
      {action ? <Flex mt="3">{action}</Flex> : null}
    </Flex>
  );
}
