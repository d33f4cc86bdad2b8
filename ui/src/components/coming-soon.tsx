import { CheckIcon, RocketIcon } from '@radix-ui/react-icons';
import { Badge, Box, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { PageHeader, type PageHeaderProps } from './page-header';

export interface ComingSoonPageProps extends PageHeaderProps {
  /** What the finished page will offer, one line each. */
  features: string[];
  children?: ReactNode;
}

/**
 * The one placeholder for pages whose feature arrives later: the page's real title, plus a card
 * that says plainly that the page is coming and what it will hold.
 */
export function ComingSoonPage({ features, children, ...header }: ComingSoonPageProps) {
  return (
    <>
      <PageHeader {...header} />
      <Card size="3" className="coming-soon">
        <Flex gap="4" direction={{ initial: 'column', sm: 'row' }}>
          <Flex align="center" justify="center" className="coming-soon-icon" flexShrink="0" aria-hidden>
            <RocketIcon width="22" height="22" />
          </Flex>
          <Box>
            <Flex align="center" gap="2" mb="1" wrap="wrap">
              <Heading as="h2" size="4">
                Kommer snart
              </Heading>
              <Badge color="amber" variant="soft" radius="full">
                Under utveckling
              </Badge>
            </Flex>
            <Text as="p" size="2" color="gray" mb="3">
              Den här sidan byggs i en kommande version. Här kommer du att kunna:
            </Text>
            <Flex asChild direction="column" gap="2">
              <ul className="feature-list">
                {features.map((feature) => (
                  <li key={feature}>
                    <Flex gap="2" align="start">
                      <CheckIcon className="feature-check" aria-hidden />
                      <Text size="2">{feature}</Text>
                    </Flex>
                  </li>
                ))}
              </ul>
            </Flex>
          </Box>
        </Flex>
      </Card>
      {children}
    </>
  );
}
