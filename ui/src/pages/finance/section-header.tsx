import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** The title row of one section of the Ekonomi page, with its main button on the right. */
export function SectionHeader({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  return (
    <Flex justify="between" align={{ initial: 'start', sm: 'end' }} gap="4" mb="4" direction={{ initial: 'column', sm: 'row' }}>
      <Box>
        <Heading as="h2" size="4">
          {title}
        </Heading>
        <Text as="p" size="2" color="gray" mt="1" className="section-description">
          {description}
        </Text>
      </Box>
      {action ? <Box flexShrink="0">{action}</Box> : null}
    </Flex>
  );
}
