// A signed-in user opening an invitation link: the invitation is for the address they are signed
// in with → join the organisation with one click (POST /api/me/invitations/accept); for another
// address → say so, and offer to sign out so the invitee can sign up or in.
import { CheckCircledIcon, CrossCircledIcon, EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { acceptInvitation, useInvitationPreview } from '../../api/invitations';
import { meKey, ORG_ROLE_LABELS } from '../../api/me';
import { useToast } from '../../components/toast';
import { useAuth } from '../../lib/auth';

export function AcceptInvitation({ token }: { token: string }) {
  const { user, signOut, setCurrentOrg } = useAuth();
  const preview = useInvitationPreview(token);
  const { mutate } = useSWRConfig();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const [isJoining, setIsJoining] = useState(false);
  const toDashboard = () => navigate('/dashboard', { replace: true });

  if (preview.error) {
    return (
      <Flex direction="column" gap="4">
        <Callout.Root color="red" variant="surface">
          <Callout.Icon>
            <CrossCircledIcon />
          </Callout.Icon>
          <Callout.Text>{preview.error.message}</Callout.Text>
        </Callout.Root>
        <Button size="3" onClick={toDashboard}>
          Till översikten
        </Button>
      </Flex>
    );
  }
  if (!preview.data) return <Skeleton height="140px" />;

  const invitation = preview.data;
  const isForMe = invitation.email.toLowerCase() === user?.email.toLowerCase();

  const join = async () => {
    setIsJoining(true);
    try {
      const joined = await acceptInvitation(token);
      await mutate(meKey);
      setCurrentOrg(joined.org_id);
      toast({ title: `Du har gått med i ${invitation.org_name}`, description: `Roll: ${ORG_ROLE_LABELS[joined.role]}`, variant: 'success' });
      toDashboard();
    } catch (error) {
      toast({ title: 'Kunde inte gå med', description: (error as Error).message, variant: 'destructive' });
      setIsJoining(false);
    }
  };

  return (
    <Flex direction="column" gap="4">
      <Flex align="center" gap="3">
        <Flex align="center" justify="center" className="icon-tile" aria-hidden>
          <EnvelopeClosedIcon width="18" height="18" />
        </Flex>
        <Heading as="h2" size="4">
          Inbjudan
        </Heading>
      </Flex>
      <Text size="2">
        Du är inbjuden till <strong>{invitation.org_name}</strong> som <strong>{ORG_ROLE_LABELS[invitation.role]}</strong>.
      </Text>
      {isForMe ? (
        <>
          <Callout.Root color="green" variant="surface" size="1">
            <Callout.Icon>
              <CheckCircledIcon />
            </Callout.Icon>
            <Callout.Text>Inbjudan gäller ditt konto ({user?.email}).</Callout.Text>
          </Callout.Root>
          <Button size="3" loading={isJoining} onClick={() => void join()}>
            Gå med i {invitation.org_name}
          </Button>
          <Button size="3" variant="soft" color="gray" disabled={isJoining} onClick={toDashboard}>
            Inte nu
          </Button>
        </>
      ) : (
        <>
          <Callout.Root color="amber" variant="surface" size="1">
            <Callout.Icon>
              <CrossCircledIcon />
            </Callout.Icon>
            <Callout.Text>
              Inbjudan gäller {invitation.email}, men du är inloggad som {user?.email}. Logga ut och öppna länken igen för att använda den.
            </Callout.Text>
          </Callout.Root>
          {/* Signing out keeps this URL: the page then offers sign-up or sign-in for the invitee. */}
          <Button size="3" onClick={() => void signOut()}>
            Logga ut
          </Button>
          <Button size="3" variant="soft" color="gray" onClick={toDashboard}>
            Till översikten
          </Button>
        </>
      )}
    </Flex>
  );
}
