import { Box, Button, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { readPortalSession, signOutPortal } from '../../api/portal';

/** The debtor portal's own frame: no staff menu, no staff session; 'Logga ut' while signed in to the portal. */
export function PortalLayout({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const signedIn = readPortalSession() !== null;
  return (
    <Box className="portal-page">
      <Flex align="center" justify="between" gap="2" className="portal-header">
        <Flex align="center" gap="2">
          <span className="brand-mark" aria-hidden>
            F
          </span>
          <Text size="3" weight="bold">
            Mina sidor
          </Text>
        </Flex>
        {signedIn ? (
          <Button variant="ghost" color="gray" onClick={() => void signOutPortal().then(() => navigate('/portal/login'))}>
            Logga ut
          </Button>
        ) : null}
      </Flex>
      <Box className="page-container">{children}</Box>
    </Box>
  );
}
