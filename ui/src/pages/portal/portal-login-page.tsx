import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { QRCodeSVG } from 'qrcode.react';
import { LockClosedIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Callout, Card, Flex, Heading, Link, Spinner, Text, TextField } from '@radix-ui/themes';
import { isPersonnummer } from '@fordran/core/identifiers';
import { bankIdQrData, bankIdStatus, cancelBankId, startBankId, storePortalSession, useBankIdProvider } from '../../api/portal';
import { todayInSweden } from '../../lib/format';
import { useToast } from '../../components/toast';
import { PortalLayout } from './portal-layout';
import { pendingHintMessage } from './bankid-messages';
import { messageOf, pollBankId, POLL_INTERVAL_MS } from './bankid-poll';

const QR_INTERVAL_MS = 1000;

interface Order {
  orderRef: string;
  autoStartToken: string;
}

/** /portal/login: BankID sign-in for debtors (spec part 2 §2, §4, §8). */
export function PortalLoginPage() {
  const [, navigate] = useLocation();
  const orgId = new URLSearchParams(useSearch()).get('org');
  const { toast } = useToast();
  const provider = useBankIdProvider().data;
  const [nationalId, setNationalId] = useState('');
  const [order, setOrder] = useState<Order | null>(null);
  const [hint, setHint] = useState<string | undefined>(undefined);
  const [qr, setQr] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const complete = nationalId.length === 12;
  const valid = complete && isPersonnummer(nationalId, todayInSweden());

  // Collect every 2 s, one request at a time, at most 30 times (bankid-poll.ts).
  useEffect(() => {
    if (!order) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void pollBankId({
      status: () => bankIdStatus(order.orderRef),
      wait: () => new Promise((resolve) => (timer = setTimeout(resolve, POLL_INTERVAL_MS))),
      onPending: setHint,
      isStopped: () => stopped,
    }).then((outcome) => {
      if (outcome.kind === 'stopped') return;
      if (outcome.kind === 'complete') {
        storePortalSession({ session_id: outcome.session_id, party_id: outcome.party_id });
        toast({ title: 'Inloggad', description: 'Du är inloggad med BankID.', variant: 'success' });
        navigate('/portal');
        return;
      }
      if (outcome.kind === 'timeout') void cancelBankId(order.orderRef).catch(() => undefined);
      setOrder(null);
      setQr(null);
      setError(outcome.message);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [order, navigate, toast]);

  // The animated QR code: new content from the server every second (the secret stays there).
  useEffect(() => {
    if (!order) return;
    let stopped = false;
    const refresh = () =>
      bankIdQrData(order.orderRef).then(
        (data) => !stopped && setQr(data),
        () => undefined,
      );
    void refresh();
    const interval = setInterval(() => void refresh(), QR_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(interval);
    };
  }, [order]);

  async function start(event: FormEvent) {
    event.preventDefault();
    if (!valid || starting) return;
    setError(null);
    setStarting(true);
    try {
      const started = await startBankId(nationalId, orgId);
      setHint('outstandingTransaction');
      setOrder({ orderRef: started.order_ref, autoStartToken: started.auto_start_token });
    } catch (caught) {
      setError(messageOf(caught, 'Kunde inte starta BankID'));
    } finally {
      setStarting(false);
    }
  }

  function abort() {
    if (!order) return;
    void cancelBankId(order.orderRef).catch(() => undefined);
    setOrder(null);
    setQr(null);
  }

  return (
    <PortalLayout>
      <Flex justify="center">
        <Card size="4" style={{ width: '100%', maxWidth: 460 }}>
          <Flex direction="column" gap="4">
            <Flex align="center" justify="between" gap="2">
              <Heading as="h1" size="6">
                Logga in med BankID
              </Heading>
              {provider?.simulated ? (
                <Badge color="amber" variant="soft" title="BankID-simulatorn svarar i stället för BankID">
                  Simulering
                </Badge>
              ) : null}
            </Flex>
            {error ? (
              <Callout.Root color="red" variant="surface" role="alert">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            ) : null}
            {order ? (
              <Flex direction="column" gap="3" align="center" aria-live="polite">
                <Flex align="center" gap="2">
                  <Spinner />
                  <Text weight="bold">Väntar på BankID...</Text>
                </Flex>
                <Text size="2" align="center" color="gray">
                  {pendingHintMessage(hint)}
                </Text>
                <Box className="bankid-qr">
                  {qr ? <QRCodeSVG value={qr} size={192} marginSize={2} role="img" aria-label="QR-kod för BankID" data-qr={qr} /> : <Spinner size="3" />}
                </Box>
                <Button asChild variant="soft" size="3">
                  <a href={`bankid:///?autostarttoken=${encodeURIComponent(order.autoStartToken)}&redirect=null`}>Öppna BankID på den här enheten</a>
                </Button>
                <Button variant="outline" color="gray" onClick={abort}>
                  Avbryt
                </Button>
                {provider?.simulator_url ? (
                  <Text size="1" color="gray">
                    Simulering:{' '}
                    <Link href={provider.simulator_url} target="_blank" rel="noreferrer">
                      godkänn i BankID-simulatorn
                    </Link>
                  </Text>
                ) : null}
              </Flex>
            ) : (
              <form onSubmit={(event) => void start(event)}>
                <Flex direction="column" gap="3">
                  <Text as="label" size="2" weight="bold" htmlFor="portal-national-id">
                    Personnummer
                  </Text>
                  <TextField.Root
                    id="portal-national-id"
                    name="national_id"
                    size="3"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="ÅÅÅÅMMDDXXXX"
                    maxLength={12}
                    value={nationalId}
                    onChange={(event) => setNationalId(event.target.value.replace(/\D/g, '').slice(0, 12))}
                    aria-invalid={complete && !valid}
                    aria-describedby="portal-national-id-help"
                  />
                  <Text id="portal-national-id-help" size="1" color={complete && !valid ? 'red' : 'gray'}>
                    {complete && !valid ? 'Ogiltigt personnummer – kontrollera siffrorna' : '12 siffror, t.ex. 198112189876'}
                  </Text>
                  <Button type="submit" size="3" disabled={!valid} loading={starting}>
                    Starta BankID
                  </Button>
                </Flex>
              </form>
            )}
            <Flex gap="2" align="start">
              <LockClosedIcon aria-hidden style={{ marginTop: 3 }} />
              <Text size="1" color="gray">
                Inloggningen är säker – banken verifierar din identitet med BankID. Vi får bara veta vem du är.
              </Text>
            </Flex>
          </Flex>
        </Card>
      </Flex>
    </PortalLayout>
  );
}
