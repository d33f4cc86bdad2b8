import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
  /** A back link above the title. */
  back?: { href: string; label: string };
}

/** The title block of a page; also sets the browser tab's title. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  useEffect(() => {
    document.title = `${title} · Fordran`;
  }, [title]);

  return (
    <Box mb="6">
      {back ? (
        <Button asChild variant="ghost" color="gray" size="1" mb="3">
          <Link href={back.href}>
            <ArrowLeftIcon /> {back.label}
          </Link>
        </Button>
      ) : null}
      <Flex align={{ initial: 'start', sm: 'center' }} justify="between" gap="4" direction={{ initial: 'column', sm: 'row' }}>
        <Box>
          <Heading as="h1" size="7" weight="bold">
            {title}
          </Heading>
          {description ? (
            <Text as="p" size="2" color="gray" mt="1">
              {description}
            </Text>
          ) : null}
        </Box>
        {actions ? (
          <Flex gap="2" wrap="wrap" flexShrink="0">
            {actions}
          </Flex>
        ) : null}
      </Flex>
    </Box>
  );
}
