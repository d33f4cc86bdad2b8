// /avregistrera/:token — the page an unsubscribe link opens (no sign-in; spec part 2 §3): who the
// link is for (the address partly hidden), a button that records the opt-out for that channel,
// and a confirmation in Swedish.
import { CheckCircledIcon, EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { Box, Button, Callout, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { confirmUnsubscribe, useUnsubscribe } from '../../api/communications';
import { ApiError } from '../../lib/api-client';

export function UnsubscribePage({ token }: { token: string }) {
  const { data, error, mutate } = useUnsubscribe(token);
  const [isSaving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Avregistrering · Fordran';
  }, []);

  const unsubscribe = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      await mutate(await confirmUnsubscribe(token), { revalidate: false });
    } catch (confirmError) {
      setSaveError((confirmError as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex className="full-page" align="center" justify="center" p="4">
      <Card size="4" style={{ maxWidth: 480, width: '100%' }}>
        <Flex direction="column" gap="3">
          <Flex align="center" justify="center" className="icon-tile" aria-hidden>
            {data?.opted_out ? <CheckCircledIcon width="22" height="22" /> : <EnvelopeClosedIcon width="22" height="22" />}
          </Flex>
          {error ? (
            <>
              <Heading as="h1" size="5">
                Länken fungerar inte
              </Heading>
              <Text size="2" color="gray">
                {error instanceof ApiError && error.status === 404
                  ? 'Länken för avregistrering är ogiltig. Kontrollera att hela länken kom med.'
                  : error.message}
              </Text>
            </>
          ) : !data ? (
            <Skeleton height="96px" />
          ) : data.opted_out ? (
            <>
              <Heading as="h1" size="5">
                Du är avregistrerad
              </Heading>
              <Text size="2">
                Du får inte längre meddelanden via {data.channel_label.toLowerCase()} till {data.recipient} från {data.organisation_name}.
              </Text>
              <Text size="1" color="gray">
                Brev om inkassokrav och rättsliga åtgärder kan fortfarande skickas med post, eftersom lagen kräver att du får dem.
              </Text>
            </>
          ) : (
            <>
              <Heading as="h1" size="5">
                Avregistrera dig från utskick
              </Heading>
              <Text size="2">
                {data.organisation_name} skickar meddelanden om ditt ärende via {data.channel_label.toLowerCase()} till {data.recipient}. Vill du inte längre få
                dem den vägen?
              </Text>
              {saveError ? (
                <Callout.Root color="red" role="alert">
                  <Callout.Text>{saveError}</Callout.Text>
                </Callout.Root>
              ) : null}
              <Box>
                <Button size="3" onClick={() => void unsubscribe()} disabled={isSaving}>
                  {isSaving ? 'Sparar...' : 'Avregistrera mig'}
                </Button>
              </Box>
            </>
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
