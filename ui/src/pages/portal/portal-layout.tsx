import { Box, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** The debtor portal's own frame: no staff menu, no staff session. */
export function PortalLayout({ children }: { children: ReactNode }) {
  return (
    <Box className="portal-page">
      <Flex align="center" gap="2" className="portal-header">
        <span className="brand-mark" aria-hidden>
          F
        </span>
        <Text size="3" weight="bold">
          Mina sidor
        </Text>
      </Flex>
      <Box className="page-container">{children}</Box>
    </Box>
  );
}
