import { Box, Flex, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** A titled group of fields ('Kontaktperson', 'Adress'). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box mt="2">
      <Heading as="h3" size="2" mb="2">
        {title}
      </Heading>
      <Flex direction="column" gap="3">
        {children}
      </Flex>
    </Box>
  );
}
