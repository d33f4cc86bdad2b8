// 'Tvåstegsverifiering' (user menu): the user's TOTP factors, setting one up with a code, and
// removing one. The sign-in step (pages/auth/mfa-step.tsx) then asks for a code.
import { CheckCircledIcon, LockClosedIcon, TrashIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Callout, Dialog, Flex, IconButton, Separator, Skeleton, Text, Tooltip } from '@radix-ui/themes';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { mfaFactorsKey, unenrollMfaFactor, useMfaFactors, type MfaFactor } from '../api/auth';
import { meKey } from '../api/me';
import { useAuth } from '../lib/auth';
import { formatDate } from '../lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorState } from './error-state';
import { MfaEnrollmentFlow } from './mfa-enrollment';
import { useToast } from './toast';
import { useFocusReturn } from '../lib/focus-return';

export interface SecurityDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function SecurityDialog({ open, onOpenChange }: SecurityDialogProps) {
  const returnFocus = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="500px" onCloseAutoFocus={returnFocus}>
        <Dialog.Title>Tvåstegsverifiering</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Skydda kontot med en kod från en autentiseringsapp utöver lösenordet.
        </Dialog.Description>
        {open ? <SecuritySettings onClose={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function SecuritySettings({ onClose }: { onClose(): void }) {
  const { data: factors, error, mutate } = useMfaFactors();
  const { currentOrg } = useAuth();
  const [isEnrolling, setIsEnrolling] = useState(false);
  const verified = factors?.filter((factor) => factor.status === 'verified') ?? [];
  const pending = factors?.filter((factor) => factor.status === 'unverified') ?? [];

  if (error && !factors) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (!factors) {
    return (
      <Flex direction="column" gap="3" aria-hidden>
        <Skeleton height="48px" />
        <Skeleton height="32px" width="200px" />
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="4">
      {verified.length > 0 ? (
        <Callout.Root color="green" variant="surface" size="1">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>Tvåstegsverifiering är aktiverad. Vid inloggning anger du en kod från appen.</Callout.Text>
        </Callout.Root>
      ) : (
        <Callout.Root color={currentOrg?.require_mfa ? 'amber' : 'gray'} variant="surface" size="1">
          <Callout.Icon>
            <LockClosedIcon />
          </Callout.Icon>
          <Callout.Text>
            {currentOrg?.require_mfa ? 'Organisationen kräver tvåstegsverifiering. Koppla en autentiseringsapp.' : 'Tvåstegsverifiering är inte aktiverad.'}
          </Callout.Text>
        </Callout.Root>
      )}

      {factors.length > 0 && !isEnrolling ? (
        <Box>
          {[...verified, ...pending].map((factor, index) => (
            <Box key={factor.id}>
              {index > 0 ? <Separator size="4" my="2" /> : null}
              <FactorRow factor={factor} />
            </Box>
          ))}
        </Box>
      ) : null}

      {verified.length === 0 || isEnrolling ? (
        <MfaEnrollmentFlow
          startLabel={verified.length === 0 ? 'Aktivera tvåstegsverifiering' : 'Koppla autentiseringsapp'}
          onVerified={() => setIsEnrolling(false)}
          onCancel={isEnrolling ? () => setIsEnrolling(false) : undefined}
        />
      ) : (
        <Flex justify="between" gap="3">
          <Button variant="soft" onClick={() => setIsEnrolling(true)}>
            Koppla ytterligare en app
          </Button>
          <Button variant="soft" color="gray" onClick={onClose}>
            Stäng
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

function FactorRow({ factor }: { factor: MfaFactor }) {
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const [isConfirming, setConfirming] = useState(false);
  const name = factor.friendly_name ?? 'Autentiseringsapp';

  const remove = async () => {
    try {
      await unenrollMfaFactor(factor.id);
      await Promise.all([mutate(mfaFactorsKey), mutate(meKey)]);
      toast({ title: 'Faktorn borttagen', description: name, variant: 'success' });
    } catch (error) {
      toast({ title: 'Fel', description: (error as Error).message, variant: 'destructive' });
      throw error;
    }
  };

  return (
    <Flex align="center" justify="between" gap="3">
      <Flex direction="column">
        <Flex align="center" gap="2">
          <Text size="2" weight="medium">
            {name}
          </Text>
          {factor.status === 'verified' ? (
            <Badge color="green" variant="soft" radius="full">
              Aktiv
            </Badge>
          ) : (
            <Badge color="gray" variant="soft" radius="full">
              Ej verifierad
            </Badge>
          )}
        </Flex>
        <Text size="1" color="gray">
          Kopplad {formatDate(factor.created_at)}
        </Text>
      </Flex>
      <Tooltip content="Ta bort">
        <IconButton variant="ghost" color="red" aria-label={`Ta bort ${name}`} onClick={() => setConfirming(true)}>
          <TrashIcon />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={isConfirming}
        title="Ta bort autentiseringsappen?"
        description={
          factor.status === 'verified'
            ? 'Utan den loggar du in med bara lösenordet. Kräver organisationen tvåstegsverifiering måste du koppla en ny vid nästa inloggning.'
            : 'Den påbörjade kopplingen tas bort.'
        }
        confirmLabel="Ta bort"
        onConfirm={remove}
        onOpenChange={setConfirming}
      />
    </Flex>
  );
}
