import { HomeIcon } from '@radix-ui/react-icons';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';

/** Unknown path inside the shell (spec part 2 §2): the text is the spec's, verbatim. */
export function NotFoundPage() {
  const [path] = useLocation();

  useEffect(() => {
    console.warn('404: sidan finns inte:', path);
    document.title = 'Sidan finns inte · Fordran';
  }, [path]);

  return (
    <Flex direction="column" align="center" justify="center" gap="3" py="9" className="not-found">
      <Text size="9" weight="bold" color="gray" className="not-found-code">
        404
      </Text>
      <Heading as="h1" size="6" align="center">
        Oops! Page not found
      </Heading>
      <Text size="2" color="gray" align="center">
        Sidan <code>{path}</code> finns inte.
      </Text>
      <Button asChild mt="3">
        <Link href="/dashboard">
          <HomeIcon /> Till startsidan
        </Link>
      </Button>
    </Flex>
  );
}
